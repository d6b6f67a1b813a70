import type { Visibility } from '@contract';

/** How widely a video's media may travel: public ones into shared caches and feeds. */
const REACH: Record<Visibility, number> = { private: 0, unlisted: 1, public: 2 };

/**
 * Whether a change of visibility takes back the video's media URLs: any change that narrows
 * who may see it (public → unlisted or private, unlisted → private). URLs handed out before
 * (in feeds, shared links, a CDN's cache) must stop working at the origin at once; widening
 * hands out nothing that needs taking back. The rotation itself is `VideoMedia.rotateToken`.
 */
export function rotatesMediaToken(from: Visibility, to: Visibility | undefined): boolean {
  return to !== undefined && REACH[to] < REACH[from];
}
