import type { VideoDetail } from '@contract';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '../../../lib/cn';
import { formatCount, formatRelativeTime } from '../../../lib/format';
import { TimedText } from '../../../components/ui/timed-text';
import { ChaptersList } from './chapters-list';

/** The hashtag field's words (it may hold several hashtags), in order. */
function hashtagWords(hashtag: string): string[] {
  return hashtag.split(/\s+/u).filter((word) => word !== '');
}

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
        {hashtagWords(video.hashtag).map((tag, index) => (
          // An atomic box per hashtag: it moves to the next line whole instead of breaking
          // after its "#"; only one longer than a whole line wraps inside.
          <span key={index} className="ml-2 inline-block max-w-full break-words text-accent">
            {tag}
          </span>
        ))}
      </p>
      <p
        ref={text}
        id={`description-${video._id}`}
        className={cn('mt-2 break-words whitespace-pre-line', !expanded && 'line-clamp-2')}
      >
        <TimedText text={video.description} />
      </p>
      {expanded && video.chapters.length > 0 ? <ChaptersList chapters={video.chapters} /> : null}
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
