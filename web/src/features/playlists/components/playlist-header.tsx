import { ROUTES, type PlaylistDetail } from '@contract';
import { Globe, Link2, ListVideo, Lock, Pencil, Play, Shuffle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { tintedCardBackground, useDominantColor } from '../../liked';
import { useDeletePlaylist, useUpdatePlaylist } from '../api/playlist-mutations';
import { shuffledWatchPath } from '../utils/play-order';
import { PlaylistForm, VISIBILITY_LABELS } from './playlist-form';

const VISIBILITY_ICONS = { private: Lock, unlisted: Link2, public: Globe } as const;

/** The playlist's cover card: first thumbnail, title, owner, size, Play all and Shuffle. */
export function PlaylistHeader({
  playlist,
  editable,
}: {
  playlist: PlaylistDetail;
  editable: boolean;
}) {
  const color = useDominantColor(playlist.thumbnail ?? undefined);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdatePlaylist(playlist._id);
  const remove = useDeletePlaylist();
  const navigate = useNavigate();
  const Icon = VISIBILITY_ICONS[playlist.visibility];
  const first = playlist.firstVideoId;
  const builtIn = playlist.kind === 'watch_later';

  return (
    <div
      className="flex flex-col gap-4 rounded-2xl bg-raised p-5 sm:flex-row lg:w-96 lg:shrink-0 lg:flex-col lg:self-start"
      style={{ backgroundImage: tintedCardBackground(color) }}
    >
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-hover sm:w-72 lg:w-full">
        {playlist.thumbnail ? (
          <img src={playlist.thumbnail} alt="" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center">
            <ListVideo className="size-10 text-ink-muted" aria-hidden />
          </div>
        )}
      </div>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words text-ink-strong sm:text-3xl">
          {playlist.title}
        </h1>
        <p className="mt-2 truncate text-sm font-medium text-ink-strong">
          <Link to={ROUTES.channel(playlist.owner.username)} className="hover:underline">
            {playlist.owner.fullName || playlist.owner.username}
          </Link>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-1 text-sm text-ink">
          <Icon className="size-4" aria-hidden />
          {VISIBILITY_LABELS[playlist.visibility]}
          <span aria-hidden> • </span>
          {formatCount(playlist.videosCount, 'video')}
          <span aria-hidden> • </span>
          Updated {formatRelativeTime(playlist.updatedAt).toLowerCase()}
        </p>
        {playlist.description ? (
          <p className="mt-3 text-sm break-words whitespace-pre-line text-ink">
            {playlist.description}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          {first ? (
            <>
              <Link to={ROUTES.watchInList(first, playlist._id)} className={buttonStyles.light}>
                <Play className="size-4 fill-current" aria-hidden />
                Play all
              </Link>
              <Link to={shuffledWatchPath(first, playlist._id)} className={buttonStyles.secondary}>
                <Shuffle className="size-4" aria-hidden />
                Shuffle
              </Link>
            </>
          ) : null}
          {editable && !builtIn ? (
            <>
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => setEditing(true)}
              >
                <Pencil className="size-4" aria-hidden />
                Edit
              </button>
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => setDeleting(true)}
              >
                <Trash2 className="size-4" aria-hidden />
                Delete
              </button>
            </>
          ) : null}
        </div>
      </div>
      {editing ? (
        <Dialog open onClose={() => setEditing(false)} title="Edit playlist">
          <PlaylistForm
            initial={playlist}
            submitLabel="Save"
            pending={update.isPending}
            error={update.error}
            onSubmit={(fields) => update.mutate(fields, { onSuccess: () => setEditing(false) })}
            onCancel={() => setEditing(false)}
          />
        </Dialog>
      ) : null}
      <ConfirmDialog
        open={deleting}
        title="Delete playlist?"
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'The playlist was not deleted.') : null}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(playlist._id, {
            onSuccess: () => navigate(ROUTES.channel(playlist.owner.username), { replace: true }),
          })
        }
      >
        “{playlist.title}” will be deleted. The videos in it stay where they are.
      </ConfirmDialog>
    </div>
  );
}
