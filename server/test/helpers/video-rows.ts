import type { Insertable } from 'kysely';
import type { VideosTable } from '../../src/db/schema.js';
import { newId } from '../../src/lib/ids.js';
import type { TestApp } from './test-app.js';

let tick = 0;

/** Inserts a video row directly (no file): enough for list, search and count tests. */
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
      id,
      owner_id: ownerId,
      title: 'Untitled video',
      description: 'A description',
      hashtag: '#none',
      visibility: 'public',
      duration: 10,
      video_key: `videos/${id}.mp4`,
      thumbnail_key: `images/${newId()}.webp`,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .execute();
  return id;
}
