// No zod here: the watch page and the player parse chapters and start times with these; the
// schema of a chapter in answers is video.ts's.

/** A chapter of a video: where it starts (seconds) and its title, from the description. */
export interface Chapter {
  start: number;
  title: string;
}

/** YouTube's rules: at least three chapters, the first at 0:00, each at least 10 s long. */
export const CHAPTER_RULES = { min: 3, minSeconds: 10 } as const;

const CLOCK = /(?:(\d{1,2}):)?(\d{1,2}):(\d{2})/;
const CHAPTER_LINE = new RegExp(
  `^\\s*(?:[-–—•*]\\s*)?\\(?${CLOCK.source}\\)?(?:\\s*[-–—:|.)]\\s*|\\s+)(.+?)\\s*$`,
);

/** Seconds of `m:ss`, `mm:ss` or `h:mm:ss`; undefined when a field is out of range. */
export function clockSeconds(text: string): number | undefined {
  const m = new RegExp(`^${CLOCK.source}$`).exec(text.trim());
  if (!m) return undefined;
  const [, h, min = '0', s = '0'] = m;
  if (Number(s) > 59 || (h !== undefined && Number(min) > 59)) return undefined;
  return (Number(h ?? 0) * 60 + Number(min)) * 60 + Number(s);
}

/**
 * Chapters from a description, as YouTube reads them: every line that starts with a timestamp
 * is one, in order. They count only when there are at least three, the first starts at 0:00,
 * they ascend, and each lasts at least 10 s (the last one too, when the duration is known);
 * otherwise there are none.
 */
export function parseChapters(description: string, duration = 0): Chapter[] {
  const chapters: Chapter[] = [];
  for (const line of description.split(/\r\n|\r|\n/)) {
    const m = CHAPTER_LINE.exec(line);
    if (!m) continue;
    const [, h, min = '', s = '', title = ''] = m;
    const start = clockSeconds(`${h !== undefined ? `${h}:` : ''}${min}:${s}`);
    if (start === undefined || title.trim() === '') continue;
    chapters.push({ start, title: title.trim() });
  }
  if (chapters.length < CHAPTER_RULES.min || chapters[0]!.start !== 0) return [];
  for (let i = 1; i < chapters.length; i += 1) {
    if (chapters[i]!.start - chapters[i - 1]!.start < CHAPTER_RULES.minSeconds) return [];
  }
  if (duration > 0 && duration - chapters.at(-1)!.start < CHAPTER_RULES.minSeconds) return [];
  return chapters;
}

/** The chapter playing at `time` (seconds), or undefined before the first or without chapters. */
export function chapterAt(chapters: readonly Chapter[], time: number): Chapter | undefined {
  let current: Chapter | undefined;
  for (const chapter of chapters) {
    if (chapter.start <= time) current = chapter;
    else break;
  }
  return current;
}

/** A piece of text: plain, or a timestamp that seeks the video (descriptions and comments). */
export type TimedText = { text: string; seconds?: number };

const TIMESTAMP_IN_TEXT = /(?<![\d:.])(?:\d{1,2}:)?\d{1,2}:\d{2}(?![\d:])/g;

/** Splits text around its timestamps (`1:23`, `01:02:03`), each with its seconds. */
export function splitTimestamps(text: string): TimedText[] {
  const out: TimedText[] = [];
  let last = 0;
  for (const m of text.matchAll(TIMESTAMP_IN_TEXT)) {
    const seconds = clockSeconds(m[0]);
    if (seconds === undefined) continue;
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push({ text: m[0], seconds });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/**
 * A start time as links carry it (`?t=` on watch pages, `start=` on embeds): whole seconds
 * (`90`, `90s`), YouTube's `1h2m3s` / `1m30s`, or a clock (`1:30`). Undefined when it is none.
 */
export function parseStartTime(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const text = value.trim().toLowerCase();
  if (/^\d{1,6}s?$/.test(text)) return Number.parseInt(text, 10);
  const units = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/.exec(text);
  if (units && (units[1] || units[2] || units[3])) {
    return Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
  }
  return clockSeconds(text);
}

/** `t` as a share link writes it: `1m30s`, `45s`, `1h2m3s`. */
export function formatStartTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`;
}
