// The rows the example calls of repository-queries.ts act on, and their ids. Fixed times keep
// every run's statements alike.
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';

export const NOW = Date.UTC(2026, 0, 15, 12);
export const DAY = 86_400_000;
export const OWNER = 'u-owner';
export const VIEWER = 'u-viewer';
export const VIDEO = 'v-public';
export const DOOMED = 'v-doomed';
export const PROCESSING = 'v-processing';
export const JOB = 'j-processing';
export const COMMENT = 'c-top';
export const REPLY = 'c-reply';
export const WORKER = 'worker-1';
export const PLAYLIST = 'p-fixture';
export const UPLOAD = 'a'.repeat(32);

/** A video's first processing job (see JobQueueRepository.enqueue). */
export const job = (id: string) => ({
  id,
  kind: 'video.playable',
  videoId: PROCESSING as string | null,
  ownerId: OWNER,
  priority: 0,
  spacingMs: 60_000,
  now: NOW,
});

export const upload = (id: string) => ({
  id,
  owner_id: OWNER,
  size: 150_000_000,
  filename: 'holiday.mp4',
  filetype: 'video/mp4',
  state: 'open' as const,
  created_at: NOW - 1000,
  expires_at: NOW + DAY,
});

export const video = (id: string, visibility: 'public' | 'private') => ({
  id,
  owner_id: OWNER,
  title: `Fixture ${id}`,
  description: 'A fixture video',
  hashtag: '#fixture',
  visibility,
  duration: 30,
  media_token: `t-${id}`,
  video_key: `videos/${id}/t-${id}/original.mp4`,
  thumbnail_key: `videos/${id}/t-${id}/thumbnail.jpg`,
  created_at: NOW - DAY,
  updated_at: NOW - DAY,
});

/** The rows the example calls act on, written before recording starts. */
export async function insertFixtures(db: Kysely<Database>): Promise<void> {
  const user = (id: string) => ({
    id,
    username: id,
    email: `${id}@example.com`,
    full_name: `Fixture ${id}`,
    password_hash: null,
    avatar_key: `images/${id}-avatar.png`,
    cover_key: null,
    created_at: NOW - 2 * DAY,
  });
  await db
    .insertInto('users')
    .values([user(OWNER), user(VIEWER)])
    .execute();
  await db
    .insertInto('videos')
    .values([video(VIDEO, 'public'), video(DOOMED, 'public')])
    .execute();
  const comment = (id: string, parent: string | null) => ({
    id,
    video_id: VIDEO,
    owner_id: VIEWER,
    parent_id: parent,
    content: `Comment ${id}`,
    created_at: NOW - DAY,
    updated_at: NOW - DAY,
  });
  await db
    .insertInto('comments')
    .values([comment(COMMENT, null), comment(REPLY, COMMENT)])
    .execute();
}
