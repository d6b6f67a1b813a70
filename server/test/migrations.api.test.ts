import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { newId } from '../src/lib/ids.js';
import { freshDatabase } from './helpers/test-app.js';

/** What later migrations do to data written before them, on a database of their own. */
let handle: DatabaseHandle;
let drop: () => Promise<void>;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-migrations-'));
  ({ handle, drop } = await freshDatabase(dataDir));
});
afterAll(async () => {
  await handle.close();
  await drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('008: comment like counts', () => {
  it('counts the likes that comments already had, and only likes', async () => {
    await migrateTo(handle.db, '007-read-paths');
    const db = handle.db;
    const now = Date.now();
    const users = ['ann', 'bob', 'cat'].map((name) => ({
      id: newId(now),
      username: name,
      email: `${name}@example.com`,
      full_name: name,
      password_hash: null,
      avatar_key: 'images/a.webp',
      cover_key: null,
      created_at: now,
    }));
    await db.insertInto('users').values(users).execute();
    const videoId = newId(now);
    await db
      .insertInto('videos')
      .values({
        id: videoId,
        owner_id: users[0]!.id,
        title: 'Old video',
        description: '',
        hashtag: '',
        visibility: 'public',
        duration: 1,
        video_key: `videos/${videoId}.mp4`,
        thumbnail_key: 'images/t.webp',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const [liked, quiet] = [newId(now), newId(now)];
    await sql`insert into comments (id, video_id, owner_id, parent_id, content, created_at, updated_at)
      values (${liked}, ${videoId}, ${users[0]!.id}, null, 'liked', ${now}, ${now}),
             (${quiet}, ${videoId}, ${users[0]!.id}, null, 'quiet', ${now}, ${now})`.execute(db);
    const like = (userId: string, targetId: string, kind: string, type = 'Comment') =>
      sql`insert into likes (user_id, target_type, target_id, kind, created_at)
        values (${userId}, ${type}, ${targetId}, ${kind}, ${now})`.execute(db);
    await like(users[0]!.id, liked, 'like');
    await like(users[1]!.id, liked, 'like');
    await like(users[2]!.id, liked, 'dislike');
    await like(users[1]!.id, videoId, 'like', 'Video');

    await migrateToLatest(db);
    const counts = await db
      .selectFrom('comments')
      .select(['id', 'likes_count'])
      .orderBy('content')
      .execute();
    expect(counts.map((c) => [c.id, Number(c.likes_count)])).toEqual([
      [liked, 2],
      [quiet, 0],
    ]);

    // From here on the triggers keep it: a switch to dislike and a new like.
    await db
      .updateTable('likes')
      .set({ kind: 'dislike' })
      .where('user_id', '=', users[0]!.id)
      .where('target_id', '=', liked)
      .execute();
    await like(users[2]!.id, quiet, 'like');
    const after = await db
      .selectFrom('comments')
      .select(['id', 'likes_count'])
      .orderBy('content')
      .execute();
    expect(after.map((c) => Number(c.likes_count))).toEqual([1, 1]);
  });
});
