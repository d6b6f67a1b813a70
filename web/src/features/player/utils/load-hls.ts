import type Hls from 'hls.js';

export type HlsConstructor = typeof Hls;

/** Whether Media Source Extensions exist, so hls.js could play here (ManagedMediaSource on iOS). */
export function hasMediaSource(): boolean {
  return (
    typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window)
  );
}

/**
 * hls.js (the light build: no subtitles, alternate audio or DRM, which the server never
 * produces) loaded on first use, so pages that play nothing never download it. Null when the
 * browser cannot run it.
 */
export async function loadHls(): Promise<HlsConstructor | null> {
  if (!hasMediaSource()) return null;
  const { default: HlsClass } = await import('hls.js/light');
  return HlsClass.isSupported() ? HlsClass : null;
}
