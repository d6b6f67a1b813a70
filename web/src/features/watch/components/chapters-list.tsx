import type { Chapter } from '@contract';
import { requestPlayerSeek } from '../../../lib/player-seek';
import { formatChapterTime } from '../utils/chapter-time';

/** The video's chapters, each a button that plays from its start. */
export function ChaptersList({ chapters }: { chapters: readonly Chapter[] }) {
  return (
    <section aria-label="Chapters" className="mt-4">
      <h2 className="mb-2 font-semibold text-ink-strong">Chapters</h2>
      <ol className="flex flex-col gap-1">
        {chapters.map((chapter) => (
          <li key={chapter.start}>
            <button
              type="button"
              onClick={() => {
                requestPlayerSeek(chapter.start);
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
              className="flex w-full items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-active"
            >
              <span className="rounded bg-active px-1.5 py-0.5 text-xs font-medium text-accent tabular-nums">
                {formatChapterTime(chapter.start)}
              </span>
              <span className="min-w-0 truncate">{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
