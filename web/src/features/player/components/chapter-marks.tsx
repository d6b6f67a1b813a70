import type { Chapter } from '@contract';
import { useRef } from 'react';
import { useCssVars } from '../../../hooks/use-css-vars';

const percent = (fraction: number) => `${Math.min(100, Math.max(0, fraction * 100))}%`;

function Gap({ at }: { at: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useCssVars(ref, { '--at': percent(at) });
  return (
    <div
      ref={ref}
      data-chapter-gap
      className="absolute inset-y-0 left-(--at) w-0.5 -translate-x-1/2 bg-black"
    />
  );
}

/** Chapters as gaps in the seek bar, as YouTube draws them: one before each chapter but the first. */
export function ChapterMarks({
  chapters,
  duration,
}: {
  chapters: readonly Chapter[];
  duration: number;
}) {
  if (!(duration > 0)) return null;
  return (
    <>
      {chapters.slice(1).map((chapter) => (
        <Gap key={chapter.start} at={chapter.start / duration} />
      ))}
    </>
  );
}
