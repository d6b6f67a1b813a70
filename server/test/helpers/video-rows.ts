import type { Insertable } from 'kysely';
import type { VideosTable } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import { newMediaToken, thumbnailKey, videoFileKey } from '../../src/storage/media-keys.js';
import type { TestApp } from './test-app.js';

let tick = 0;

/**
 * Inserts a video row directly (no file): enough for list, search and count tests. Its keys
 * are those of a processed upload (`mediaLayout`); `createVideo` (factories.ts) is the same
 * with the app's clock.
 */
export async function insertVideo(
  t: TestApp,
  ownerId: string,
  overrides: Partial<Insertable<VideosTable>> = {},
): Promise<string> {
  tick += 1;
  // Distinct, increasing times so "newest first" is well defined.
  const now = Date.now() + tick;
  const id = overrides.id ?? newId(now);
  await t.database.db
    .insertInto('videos')
    .values({
      ...mediaLayout(id),
      owner_id: ownerId,
      title: 'Untitled video',
      description: 'A description',
      hashtag: '#none',
      visibility: 'public',
      duration: 10,
      created_at: now,
      updated_at: now,
      ...overrides,
      id,
    })
    .execute();
  return id;
}

/**
 * The keys of a processed upload, all under `videos/{id}/{mediaToken}/`: the faststart MP4,
 * the original and a thumbnail.
 */
export function mediaLayout(id: string) {
  const token = newMediaToken();
  return {
    media_token: token,
    video_key: videoFileKey(id, token, 'mp4'),
    original_name: 'original.mp4',
    thumbnail_key: thumbnailKey(id, token),
  };
}
