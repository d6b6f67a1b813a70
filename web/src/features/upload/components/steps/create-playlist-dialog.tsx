import type { PlaylistSummary } from '@contract';
import type { SyntheticEvent } from 'react';
import { Dialog } from '../../../../components/ui/dialog';
import { PlaylistForm, useCreatePlaylist } from '../../../playlists';

/**
 * React passes a <dialog>'s cancel (Escape) event up its own tree, so without a stop here the
 * upload dialog around this one would close too. The handler sits on a plain wrapper, which
 * React's element types do not list it for, hence the spread.
 */
const keepEscapeInside = {
  onCancel: (event: SyntheticEvent) => event.stopPropagation(),
};

type CreatePlaylistDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The new playlist, which the wizard then selects. */
  onCreated: (playlist: PlaylistSummary) => void;
};

/** The wizard's New playlist: title, description and visibility, created at once. */
export function CreatePlaylistDialog({ open, onClose, onCreated }: CreatePlaylistDialogProps) {
  const create = useCreatePlaylist();
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <div {...keepEscapeInside}>
      <Dialog open={open} onClose={close} title="New playlist">
        {open ? (
          <PlaylistForm
            submitLabel="Create"
            pending={create.isPending}
            error={create.error}
            onSubmit={(fields) =>
              create.mutate(fields, {
                onSuccess: (playlist) => {
                  onCreated(playlist);
                  close();
                },
              })
            }
            onCancel={close}
          />
        ) : null}
      </Dialog>
    </div>
  );
}
