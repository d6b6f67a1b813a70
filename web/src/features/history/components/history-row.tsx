import { ROUTES, type HistoryEntry } from '@contract';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { firstConnected } from '../../../lib/focus-successor';
import { VideoThumbnail, watchedFraction } from '../../videos';
import { useRemoveHistoryEntry } from '../api/remove-history';

const REMOVE_BUTTON = 'button[data-history-remove]';

/**
 * Where focus goes once an entry's remove button leaves with its entry: the remove button of
 * the entry after it (in any day's group), else of the one before it, else the page's heading
 * (the list is empty). Worked out on the click, while the button is still on the page.
 */
function successorsOf(button: HTMLElement): HTMLElement[] {
  const all = [...document.querySelectorAll<HTMLElement>(REMOVE_BUTTON)];
  const at = all.indexOf(button);
  const heading = button.closest('main')?.querySelector<HTMLElement>('h1');
  return [all[at + 1], all[at - 1], heading].filter((el): el is HTMLElement => !!el);
}

function focusSuccessor(successors: readonly HTMLElement[]): void {
  const target = firstConnected(successors);
  if (!target) return;
  // A heading takes focus only when told it may (and stays out of the tab order).
  if (target.tagName === 'H1' && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
}

/** One watched video, with where the viewer stopped and a button that forgets it. */
export function HistoryRow({ entry }: { entry: HistoryEntry }) {
  const { video } = entry;
  const remove = useRemoveHistoryEntry();
  const watchPath = ROUTES.watch(video._id);

  return (
    <li className="flex items-start gap-3 rounded-xl p-2 hover:bg-raised">
      <Link to={watchPath} tabIndex={-1} aria-hidden className="block w-40 shrink-0 sm:w-60">
        <VideoThumbnail
          thumbnail={video.thumbnail}
          videoFile={video.videoFile}
          duration={video.duration}
          hovering={false}
          watched={watchedFraction(entry.position, video.duration)}
          className="rounded-lg"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 text-sm font-medium break-words text-ink-strong sm:text-lg">
          <Link to={watchPath} title={video.title} className="hover:underline">
            {video.title}
          </Link>
        </h3>
        <p className="mt-1 truncate text-xs text-ink-muted sm:text-sm">
          <Link to={ROUTES.channel(video.owner.username)} className="hover:text-ink-strong">
            {video.owner.username}
          </Link>
          <span aria-hidden> • </span>
          {formatCount(video.views, 'view')}
        </p>
        <p className="mt-2 line-clamp-2 hidden text-xs break-words text-ink-muted sm:block">
          {video.description}
        </p>
      </div>
      <button
        type="button"
        aria-label={`Remove ${video.title} from watch history`}
        title="Remove from watch history"
        data-history-remove=""
        disabled={remove.isPending}
        onClick={(event) => {
          const successors = successorsOf(event.currentTarget);
          // mutateAsync: its promise settles even when this row has already left the page,
          // where `mutate`'s own callbacks would not run. A failure leaves the row and focus.
          remove.mutateAsync(video._id).then(
            () => focusSuccessor(successors),
            () => undefined,
          );
        }}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-hover hover:text-ink-strong disabled:cursor-not-allowed disabled:opacity-40"
      >
        <X className="size-5" aria-hidden />
      </button>
    </li>
  );
}
