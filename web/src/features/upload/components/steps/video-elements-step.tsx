import { Captions } from 'lucide-react';

const ROWS = [1, 2, 3];

/** Subtitles are not built yet: the rows show what will come, inert and labelled so. */
export function VideoElementsStep() {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">
        Use cards and an end screen to show viewers related videos, websites and calls to action.
      </p>
      <ul className="flex flex-col gap-3">
        {ROWS.map((row) => (
          <li
            key={row}
            aria-disabled
            className="flex items-center gap-4 rounded-lg border border-line bg-page px-4 py-3 opacity-70"
          >
            <Captions className="size-6 shrink-0 text-ink-muted" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-ink-strong">Add subtitles</p>
              <p className="text-xs text-ink-muted">
                Reach a broader audience by adding subtitles to your video
              </p>
            </div>
            <span className="shrink-0 rounded-full bg-hover px-3 py-1 text-xs text-ink-muted">
              Coming soon
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
