import { Captions, X } from 'lucide-react';
import { useId } from 'react';
import { subtitleRowProblem, type SubtitleRow } from '../../utils/subtitle-rows';

/**
 * Three "Add subtitles" rows: a language code and a SubRip or WebVTT file each. They are
 * uploaded once the video is, and can be changed later in the studio.
 */
export function VideoElementsStep({
  rows,
  onChange,
}: {
  rows: readonly SubtitleRow[];
  onChange(index: number, row: SubtitleRow): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">
        Reach a broader audience by adding subtitles to your video: one file per language, SubRip
        (.srt) or WebVTT (.vtt).
      </p>
      <ul className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const problem = subtitleRowProblem(row);
          const errorId = `${id}-${index}-error`;
          return (
            <li
              key={index}
              className="flex flex-col gap-2 rounded-lg border border-line bg-page px-4 py-3"
            >
              <div className="flex flex-wrap items-center gap-3">
                <Captions className="size-6 shrink-0 text-ink-muted" aria-hidden />
                <p className="text-sm font-medium text-ink-strong">Add subtitles</p>
                <input
                  aria-label={`Subtitle language ${index + 1}`}
                  placeholder="Language, e.g. en"
                  value={row.language}
                  maxLength={35}
                  aria-invalid={problem !== null}
                  aria-describedby={problem ? errorId : undefined}
                  onChange={(e) => onChange(index, { ...row, language: e.currentTarget.value })}
                  className="w-36 rounded border border-line bg-transparent px-2 py-1 text-sm text-ink-strong"
                />
                <input
                  type="file"
                  aria-label={`Subtitle file ${index + 1}`}
                  accept=".srt,.vtt,text/vtt,application/x-subrip"
                  onChange={(e) =>
                    onChange(index, { ...row, file: e.currentTarget.files?.[0] ?? null })
                  }
                  className="min-w-0 flex-1 text-xs text-ink-muted file:mr-2 file:rounded-full file:border-0 file:bg-hover file:px-3 file:py-1 file:text-ink-strong"
                />
                {row.file || row.language ? (
                  <button
                    type="button"
                    aria-label={`Clear subtitles ${index + 1}`}
                    onClick={() => onChange(index, { language: '', file: null })}
                    className="rounded-full p-1 text-ink-muted hover:bg-hover"
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                ) : null}
              </div>
              {problem ? (
                <p id={errorId} className="text-xs text-red-300">
                  {problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
