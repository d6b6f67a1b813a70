import type { MediaRepository, VideoMediaRow } from '../repositories/media.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import { isOwnerOnlyName, mediaKeyFromRequestTarget } from '../storage/media-keys.js';

/** Who may keep a copy: anyone (shared caches, forever) or nobody (owner-only bytes). */
export type MediaCaching = 'public' | 'private';

export interface MediaGrant {
  key: string;
  caching: MediaCaching;
}

/**
 * The one access decision for media bytes. A request target names a key only in its canonical
 * spelling; the key must be referenced by a row (a video's current prefix, a user's avatar or
 * cover), and a video's files follow its visibility: private ones, and the raw upload
 * of any video, reach only the owner. Anything else is undefined (a 404, so nothing leaks).
 */
export class MediaAccess {
  constructor(private readonly media: MediaRepository) {}

  async decide(
    rawTarget: string,
    viewer: () => Promise<UserRow | undefined>,
  ): Promise<MediaGrant | undefined> {
    const ref = mediaKeyFromRequestTarget(rawTarget);
    if (!ref) return undefined;
    if (ref.kind === 'image') {
      return (await this.media.isUserImage(ref.key))
        ? { key: ref.key, caching: 'public' }
        : undefined;
    }
    const row = await this.media.videoMedia(ref.videoId);
    // Only the current prefix is served; a row without a token (null) has none.
    if (!row || row.media_token !== ref.token) return undefined;
    return this.videoGrant(ref.key, row, isOwnerOnlyName(ref.name), viewer);
  }

  private async videoGrant(
    key: string,
    row: VideoMediaRow,
    ownerOnly: boolean,
    viewer: () => Promise<UserRow | undefined>,
  ): Promise<MediaGrant | undefined> {
    if (!ownerOnly && row.visibility !== 'private') return { key, caching: 'public' };
    const user = await viewer();
    return user?.id === row.owner_id ? { key, caching: 'private' } : undefined;
  }
}
