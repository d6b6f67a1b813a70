/** The speeds the settings menu offers and `<` / `>` step through. */
export const SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export function speedLabel(rate: number): string {
  return rate === 1 ? 'Normal' : `${rate}`;
}

/** The next listed speed up or down from `current` (which may sit between two), clamped. */
export function stepSpeed(current: number, direction: 1 | -1): number {
  if (direction > 0) return SPEEDS.find((s) => s > current + 1e-9) ?? SPEEDS[SPEEDS.length - 1]!;
  return [...SPEEDS].reverse().find((s) => s < current - 1e-9) ?? SPEEDS[0];
}

export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return 1;
  return Math.round(Math.min(1, Math.max(0, volume)) * 100) / 100;
}

/** A rendition as hls.js describes it. */
export type Rendition = { height: number; bitrate: number };

export type QualityOption = { level: number; label: string };

/**
 * The quality menu's renditions, best first, named by height ("720p"). Two renditions of one
 * height (rare) are told apart by their bitrate.
 */
export function qualityOptions(renditions: readonly Rendition[]): QualityOption[] {
  const byHeight = new Map<number, number>();
  for (const r of renditions) byHeight.set(r.height, (byHeight.get(r.height) ?? 0) + 1);
  return renditions
    .map((r, level) => ({
      level,
      height: r.height,
      bitrate: r.bitrate,
      label:
        (byHeight.get(r.height) ?? 0) > 1
          ? `${heightLabel(r.height)} (${Math.round(r.bitrate / 1000)} kbps)`
          : heightLabel(r.height),
    }))
    .sort((a, b) => b.height - a.height || b.bitrate - a.bitrate)
    .map(({ level, label }) => ({ level, label }));
}

export function heightLabel(height: number): string {
  return height > 0 ? `${height}p` : 'Unknown';
}

/** "Auto (480p)" while automatic selection plays 480p; "Auto" before anything plays. */
export function autoLabel(playingHeight: number | null): string {
  return playingHeight ? `Auto (${heightLabel(playingHeight)})` : 'Auto';
}
