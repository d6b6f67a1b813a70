import { useState, type SyntheticEvent } from 'react';
import { buttonStyles } from '../../../../components/ui/button-styles';
import { Dialog } from '../../../../components/ui/dialog';
import { inputClass } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import { CharacterCount, FieldFrame } from './field-frame';
import { UI_LIMITS } from '../../../../lib/ui-constants';

/**
 * React passes a <dialog>'s cancel (Escape) event up its own tree, so without a stop here the
 * upload dialog around this one would close too. The handler sits on a plain wrapper, which
 * React's element types do not list it for, hence the spread.
 */
const keepEscapeInside = {
  onCancel: (event: SyntheticEvent) => event.stopPropagation(),
};

type CreatePlaylistDialogProps = { open: boolean; onClose: () => void };

/**
 * Playlists do not exist on the server yet, so this form is never submitted: Create stays
 * disabled and says why instead of pretending to save.
 */
export function CreatePlaylistDialog({ open, onClose }: CreatePlaylistDialogProps) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');

  const close = () => {
    setTitle('');
    setDescription('');
    onClose();
  };

  return (
    <div {...keepEscapeInside}>
      <Dialog open={open} onClose={close} title="New playlist">
        <div className="flex flex-col gap-4">
          <FieldFrame
            label="Playlist title"
            aside={<CharacterCount value={title} max={UI_LIMITS.playlistTitleMax} />}
          >
            {({ id }) => (
              <input
                id={id}
                value={title}
                maxLength={UI_LIMITS.playlistTitleMax}
                onChange={(event) => setTitle(event.currentTarget.value)}
                className={inputClass}
              />
            )}
          </FieldFrame>
          <FieldFrame
            label="Playlist description"
            aside={<CharacterCount value={description} max={UI_LIMITS.playlistDescriptionMax} />}
          >
            {({ id }) => (
              <textarea
                id={id}
                rows={3}
                value={description}
                maxLength={UI_LIMITS.playlistDescriptionMax}
                onChange={(event) => setDescription(event.currentTarget.value)}
                className={cn(inputClass, 'resize-y')}
              />
            )}
          </FieldFrame>
          <p className="text-xs text-ink-muted">Playlists are coming soon.</p>
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonStyles.ghost} onClick={close}>
              Cancel
            </button>
            <button type="button" className={buttonStyles.secondary} disabled>
              Create
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
