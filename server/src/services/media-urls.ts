import type { Visibility } from '@contract';
import { isOwnerOnlyName, parseMediaKey } from '../storage/media-keys.js';

/** Where media URLs point: absolute bases (see `mediaBase` in config.ts), or none (relative). */
export interface MediaBases {
  /** What anyone may fetch: a CDN in front of the app's /media, or the app itself. */
  public: string;
  /** What only its owner may fetch: always the app, whose access check decides. */
  app: string;
}

/**
 * Builds the URL of every media field in API answers. Without bases they are relative
 * (`/media/{key}`), as they always were; with bases, absolute, so a client or CDN on another
 * origin can load them. A private video's files and any raw upload go to the app, never to the
 * public base, where a shared cache might keep them.
 */
export class MediaUrls {
  constructor(private readonly bases: MediaBases | undefined) {}

  /** Pictures of people and anything else anyone may fetch; '' when there is no key. */
  shared(key: string | null): string {
    if (!key) return '';
    return this.bases ? `${this.bases.public}/${key}` : `/media/${key}`;
  }

  /**
   * Always on the app, whatever the video's visibility: caption files, which a `<track>` may load
   * from another origin only with CORS that a CDN in front of `/media` need not send. They are
   * small, and the app serves public ones with the same long-lived caching.
   */
  onApp(key: string): string {
    return this.bases ? `${this.bases.app}/${key}` : `/media/${key}`;
  }

  /** A video's file, by the video's stored visibility (private until it plays). */
  ofVideo(key: string | null, visibility: Visibility): string {
    if (!key) return '';
    if (visibility !== 'private' && !isOwnerOnly(key)) return this.shared(key);
    return this.bases ? `${this.bases.app}/${key}` : `/media/${key}`;
  }
}

/** Relative URLs, as without PUBLIC_URL. */
export const RELATIVE_MEDIA_URLS = new MediaUrls(undefined);

function isOwnerOnly(key: string): boolean {
  const parsed = parseMediaKey(key);
  return parsed?.kind === 'video-prefixed' && isOwnerOnlyName(parsed.name);
}
