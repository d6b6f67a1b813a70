import { ROUTES, embedCode, embedUrl, formatStartTime } from '@contract';

const trimmed = (origin: string) => origin.replace(/\/+$/, '');

/**
 * The address a shared video opens at: this site's origin plus the watch path, with `?t=` when
 * it should start past the beginning.
 */
export function shareUrl(origin: string, videoId: string, startAt?: number): string {
  const base = `${trimmed(origin)}${ROUTES.watch(videoId)}`;
  return startAt !== undefined && startAt >= 1 ? `${base}?t=${formatStartTime(startAt)}` : base;
}

/** The `<iframe>` code of the embed dialog, starting where asked. */
export function shareEmbedCode(
  origin: string,
  videoId: string,
  title: string,
  startAt?: number,
): string {
  return embedCode(
    embedUrl(trimmed(origin), videoId, {
      start: startAt !== undefined && startAt >= 1 ? startAt : undefined,
    }),
    title,
  );
}
