/** One seek preview: a rectangle of the sprite image shown for positions in [start, end). */
export type StoryboardCue = {
  start: number;
  end: number;
  /** Absolute address of the sprite image. */
  image: string;
  x: number;
  y: number;
  width: number;
  height: number;
};

const TIMING =
  /^\s*((?:\d+:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)/;
const XYWH = /#xywh=(\d+),(\d+),(\d+),(\d+)$/;

/** "01:02:03.500" or "02:03.5" as seconds. */
export function parseVttTime(text: string): number {
  const parts = text.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * The cues of a storyboard WebVTT file whose payload is `image#xywh=x,y,w,h`. Image addresses
 * are relative to the VTT file's own address (`base`, absolute), so a moved file needs no edit.
 * Cues that do not name a rectangle are skipped rather than guessed.
 */
export function parseStoryboardVtt(text: string, base: string): StoryboardCue[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (!lines[0]?.replace(/^\uFEFF/, '').startsWith('WEBVTT')) return [];
  const cues: StoryboardCue[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const timing = TIMING.exec(lines[i]!);
    if (!timing) continue;
    const payload = (lines[i + 1] ?? '').trim();
    const rect = XYWH.exec(payload);
    if (!rect) continue;
    let image: string;
    try {
      image = new URL(payload.slice(0, rect.index), base).href;
    } catch {
      continue;
    }
    cues.push({
      start: parseVttTime(timing[1]!),
      end: parseVttTime(timing[2]!),
      image,
      x: Number(rect[1]),
      y: Number(rect[2]),
      width: Number(rect[3]),
      height: Number(rect[4]),
    });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue covering `time` (the last one past the end), found by binary search. */
export function cueAt(cues: readonly StoryboardCue[], time: number): StoryboardCue | null {
  if (cues.length === 0 || !Number.isFinite(time)) return null;
  let low = 0;
  let high = cues.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (cues[mid]!.start <= time) low = mid;
    else high = mid - 1;
  }
  return cues[low]!;
}
