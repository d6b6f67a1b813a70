import type { VideoDetail } from '@contract';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatCount, formatRelativeTime } from '../../../lib/format';

/** Views, age, hashtag and description, clamped until the viewer asks for the rest. */
export function DescriptionBox({ video }: { video: VideoDetail }) {
  const [expanded, setExpanded] = useState(false);
  const created = new Date(video.createdAt);

  return (
    <section aria-label="Description" className="rounded-xl bg-hover p-3 text-sm text-ink-strong">
      <p className="font-medium">
        {formatCount(video.views, 'view')}
        <span aria-hidden> • </span>
        <time dateTime={video.createdAt}>
          {expanded ? created.toLocaleDateString() : formatRelativeTime(video.createdAt)}
        </time>
        {video.hashtag ? <span className="ml-2 break-all text-accent">{video.hashtag}</span> : null}
      </p>
      <p
        id={`description-${video._id}`}
        className={cn('mt-2 break-words whitespace-pre-line', !expanded && 'line-clamp-2')}
      >
        {video.description}
      </p>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={`description-${video._id}`}
        onClick={() => setExpanded((value) => !value)}
        className="mt-1 font-medium text-ink-strong hover:underline"
      >
        {expanded ? 'Show Less' : '...more'}
      </button>
    </section>
  );
}
