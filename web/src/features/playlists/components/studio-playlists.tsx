import { ROUTES, type PlaylistSummary } from '@contract';
import { ListVideo, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { FocusSuccessor } from '../../../lib/focus-successor';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { RetryButton } from '../../../components/ui/retry-button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatRelativeTime } from '../../../lib/format';
import { usePlaylists } from '../api/get-playlists';
import { useCreatePlaylist, useDeletePlaylist, useUpdatePlaylist } from '../api/playlist-mutations';
import { PlaylistForm, VISIBILITY_LABELS } from './playlist-form';

function EditPlaylistDialog({
  playlist,
  onClose,
}: {
  playlist: PlaylistSummary;
  onClose: () => void;
}) {
  const update = useUpdatePlaylist(playlist._id);
  return (
    <Dialog open onClose={onClose} title="Edit playlist">
      <PlaylistForm
        initial={playlist}
        submitLabel="Save"
        pending={update.isPending}
        error={update.error}
        onSubmit={(fields) => update.mutate(fields, { onSuccess: onClose })}
        onCancel={onClose}
      />
    </Dialog>
  );
}

/** A deleted playlist's row takes its Delete button with it: focus goes to the next row's. */
const DELETED_ROW_SUCCESSOR: FocusSuccessor = {
  item: 'tr',
  control: 'button[aria-label^="Delete "]',
};

/** The studio's Playlists tab: the caller's playlists, to create, edit and delete. */
export function StudioPlaylists() {
  const query = usePlaylists(undefined);
  const create = useCreatePlaylist();
  const remove = useDeletePlaylist();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<PlaylistSummary | null>(null);
  const [deleting, setDeleting] = useState<PlaylistSummary | null>(null);
  const { error } = query;

  useEffect(() => {
    if (error) console.error('Loading your playlists failed', error);
  }, [error]);

  const playlists = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <button type="button" className={buttonStyles.secondary} onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden />
          New playlist
        </button>
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading playlists" />
        </div>
      ) : query.isLoadingError ? (
        <EmptyState icon={ListVideo} title="Playlists could not be loaded">
          <RetryButton onRetry={() => void query.refetch()} />
        </EmptyState>
      ) : playlists.length === 0 ? (
        <EmptyState icon={ListVideo} title="No playlists yet">
          Create one here, or from a video’s Save menu.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Your playlists</caption>
            <thead>
              <tr className="border-b border-line text-xs text-ink">
                <th scope="col" className="w-1/2 px-2 py-2 font-medium">
                  Playlist
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Visibility
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Last updated
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Videos
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {playlists.map((playlist) => (
                <tr key={playlist._id} className="border-b border-line text-sm">
                  <td className="px-2 py-3">
                    <div className="flex items-center gap-3">
                      <div className="aspect-video w-28 shrink-0 overflow-hidden rounded-lg bg-hover">
                        {playlist.thumbnail ? (
                          <img src={playlist.thumbnail} alt="" className="size-full object-cover" />
                        ) : null}
                      </div>
                      <Link
                        to={ROUTES.playlist(playlist._id)}
                        className="line-clamp-2 font-medium break-words text-ink-strong hover:underline"
                      >
                        {playlist.title}
                      </Link>
                    </div>
                  </td>
                  <td className="px-2 py-3 text-ink">{VISIBILITY_LABELS[playlist.visibility]}</td>
                  <td className="px-2 py-3 text-ink">{formatRelativeTime(playlist.updatedAt)}</td>
                  <td className="px-2 py-3 text-right text-ink tabular-nums">
                    {playlist.videosCount}
                  </td>
                  <td className="px-2 py-3">
                    <div className="flex justify-end gap-1">
                      <button
                        type="button"
                        aria-label={`Edit ${playlist.title}`}
                        className={buttonStyles.icon}
                        onClick={() => setEditing(playlist)}
                      >
                        <Pencil className="size-4" aria-hidden />
                      </button>
                      <button
                        type="button"
                        aria-label={`Delete ${playlist.title}`}
                        className={buttonStyles.icon}
                        onClick={() => setDeleting(playlist)}
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating ? (
        <Dialog open onClose={() => setCreating(false)} title="New playlist">
          <PlaylistForm
            submitLabel="Create"
            pending={create.isPending}
            error={create.error}
            onSubmit={(fields) => create.mutate(fields, { onSuccess: () => setCreating(false) })}
            onCancel={() => setCreating(false)}
          />
        </Dialog>
      ) : null}
      {editing ? <EditPlaylistDialog playlist={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete playlist?"
        successor={DELETED_ROW_SUCCESSOR}
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'The playlist was not deleted.') : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting._id, { onSuccess: () => setDeleting(null) })
        }
      >
        “{deleting?.title}” will be deleted. The videos in it stay where they are.
      </ConfirmDialog>
    </div>
  );
}
