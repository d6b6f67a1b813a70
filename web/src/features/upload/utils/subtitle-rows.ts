import { CAPTION_LANGUAGE, CAPTION_LIMITS } from '@contract';

/** One "Add subtitles" row of the wizard: a language and a file, both optional until used. */
export type SubtitleRow = { language: string; file: File | null };

export const EMPTY_SUBTITLE_ROW: SubtitleRow = { language: '', file: null };

/** What is wrong with a row, as the server would say it; null when it is fine or unused. */
export function subtitleRowProblem(row: SubtitleRow): string | null {
  if (!row.file && row.language.trim() === '') return null;
  if (!row.file) return 'Choose a subtitle file (.srt or .vtt).';
  if (!/\.(srt|vtt)$/i.test(row.file.name)) return 'Subtitles must be an .srt or .vtt file.';
  if (row.file.size > CAPTION_LIMITS.fileMaxBytes) return 'Subtitle files may be at most 1 MiB.';
  if (!CAPTION_LANGUAGE.test(row.language.trim())) {
    return 'Language must be a language code such as en, fr or pt-BR.';
  }
  return null;
}

/** The rows to upload after the video: complete ones, one per language (the last one wins). */
export function subtitlesToUpload(
  rows: readonly SubtitleRow[],
): { language: string; file: File }[] {
  const byLanguage = new Map<string, File>();
  for (const row of rows) {
    if (row.file && subtitleRowProblem(row) === null) {
      byLanguage.set(row.language.trim().toLowerCase(), row.file);
    }
  }
  return [...byLanguage].map(([language, file]) => ({ language, file }));
}
