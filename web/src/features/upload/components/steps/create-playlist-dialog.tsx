import type { PlaylistSummary } from '@contract';
import { Dialog } from '../../../../components/ui/dialog';
import { PlaylistForm, useCreatePlaylist } from '../../../playlists';

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
    // Escape here closes only this dialog: the upload dialog around it ignores a cancel that
    // React passes up from a dialog inside it.
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
  );
}
