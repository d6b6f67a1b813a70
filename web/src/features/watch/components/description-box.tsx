import type { VideoDetail } from '@contract';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '../../../lib/cn';
import { formatCount, formatRelativeTime } from '../../../lib/format';

/** Views, age, hashtag and description, clamped until the viewer asks for the rest. */
export function DescriptionBox({ video }: { video: VideoDetail }) {
  const [expanded, setExpanded] = useState(false);
  const text = useRef<HTMLParagraphElement>(null);
  const overflows = useClampOverflow(text, expanded);
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
        ref={text}
        id={`description-${video._id}`}
        className={cn('mt-2 break-words whitespace-pre-line', !expanded && 'line-clamp-2')}
      >
        {video.description}
      </p>
      {expanded || overflows ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`description-${video._id}`}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 font-medium text-ink-strong hover:underline"
        >
          {expanded ? 'Show Less' : '...more'}
        </button>
      ) : null}
    </section>
  );
}

/**
 * Whether the clamped text hides some of itself: "...more" is offered only then. Measured again
 * whenever the box changes size (a narrower window clamps more).
 */
function useClampOverflow(ref: RefObject<HTMLElement | null>, expanded: boolean): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, expanded]);
  return overflows;
}
