import { ROUTES } from '@contract';

/** The address a shared video opens at: this site's origin plus the watch path. */
export function shareUrl(origin: string, videoId: string): string {
  return `${origin.replace(/\/+$/, '')}${ROUTES.watch(videoId)}`;
}
