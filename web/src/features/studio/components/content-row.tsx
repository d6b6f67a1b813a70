import { ROUTES } from '@contract';
import type { StudioVideo } from '@contract';
import {
  ChartColumn,
  Eye,
  Globe,
  Link2,
  Lock,
  SquarePen,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { processingLabel } from '../../videos';
import { StudioThumbnail } from './studio-thumbnail';

const VISIBILITY: Record<StudioVideo['visibility'], { label: string; icon: LucideIcon }> = {
  public: { label: 'Public', icon: Globe },
  unlisted: { label: 'Unlisted', icon: Link2 },
  private: { label: 'Private', icon: Lock },
};

const action =
  'inline-flex size-9 items-center justify-center rounded-full text-ink transition-colors hover:bg-active hover:text-ink-strong';

/** One video in the content table; the row is named by its title so its actions can be found. */
export function ContentRow({
  video,
  onDelete,
}: {
  video: StudioVideo;
  onDelete: (video: StudioVideo) => void;
}) {
  const visibility = VISIBILITY[video.visibility];
  const state = processingLabel(video);
  const Icon = visibility.icon;
  return (
    <tr aria-label={video.title} className="group border-b border-line align-top hover:bg-raised">
      <td className="py-3 pr-2 pl-2 lg:pr-4">
        {/* Below lg the thumbnail sits above the title, so every column fits the rail layout. */}
        <div className="flex flex-col gap-2 lg:flex-row lg:gap-3">
          <Link
            to={ROUTES.studioContentVideo(video._id)}
            tabIndex={-1}
            className="block w-28 shrink-0 lg:w-32"
          >
            <StudioThumbnail src={video.thumbnail} duration={video.duration} />
          </Link>
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 font-medium break-words text-ink-strong">{video.title}</p>
            {video.blockedReason ? (
              <p className="mt-1 text-xs font-medium break-words text-red-300">
                Blocked by staff: {video.blockedReason}
              </p>
            ) : null}
            <p className="mt-1 hidden text-xs break-words text-ink-muted lg:line-clamp-2">
              {video.description}
            </p>
            {state ? (
              <p
                className={`mt-1 text-xs font-medium ${video.status === 'failed' ? 'text-red-300' : 'text-accent'}`}
                title={video.processingError ?? undefined}
              >
                {state}
                {video.status === 'failed' && video.processingError
                  ? `: ${video.processingError}`
                  : ''}
              </p>
            ) : null}
            <div className="mt-1 flex gap-1 opacity-100 lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100">
              <Link
                to={ROUTES.studioContentVideo(video._id)}
                aria-label="Edit"
                title="Edit"
                className={action}
              >
                <SquarePen className="size-4" aria-hidden />
              </Link>
              <Link
                to={`${ROUTES.studioAnalytics}?videoId=${encodeURIComponent(video._id)}`}
                aria-label="Analytics"
                title="Analytics"
                className={action}
              >
                <ChartColumn className="size-4" aria-hidden />
              </Link>
              <a
                href={ROUTES.watch(video._id)}
                target="_blank"
                rel="noopener"
                aria-label="Watch"
                title="Watch on the site"
                className={action}
              >
                <Eye className="size-4" aria-hidden />
              </a>
              <button
                type="button"
                aria-label="Delete"
                title="Delete forever"
                onClick={() => onDelete(video)}
                className={action}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
          </div>
        </div>
      </td>
      <td className="px-2 py-3 lg:px-3 text-sm whitespace-nowrap text-ink">
        <span className="inline-flex items-center gap-1.5">
          <Icon className="size-4" aria-hidden />
          {visibility.label}
        </span>
      </td>
      <td className="px-2 py-3 lg:px-3 text-sm whitespace-nowrap text-ink">
        {new Date(video.createdAt).toLocaleDateString()}
      </td>
      <td className="px-2 py-3 lg:px-3 text-right text-sm text-ink tabular-nums">
        {video.views.toLocaleString('en-US')}
      </td>
      <td className="px-2 py-3 lg:px-3 text-right text-sm text-ink tabular-nums">
        {video.commentsCount.toLocaleString('en-US')}
      </td>
      <td className="px-2 py-3 lg:px-3 text-right text-sm text-ink tabular-nums">
        {video.likesCount.toLocaleString('en-US')}
      </td>
    </tr>
  );
}
