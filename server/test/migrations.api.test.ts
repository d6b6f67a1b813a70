import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { newId } from '../src/lib/ids.js';
import { freshDatabase } from './helpers/test-app.js';

/** What later migrations do to data written before them, each test on a database of its own. */
let handle: DatabaseHandle;
let drop: () => Promise<void>;
let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-migrations-'));
  ({ handle, drop } = await freshDatabase(dataDir));
});
afterEach(async () => {
  await handle.close();
  await drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const user = (name: string, now: number) => ({
  id: newId(now),
  username: name,
  email: `${name}@example.com`,
  full_name: name,
  password_hash: null,
  avatar_key: 'images/a.webp',
  cover_key: null,
  created_at: now,
});

describe('008: comment like counts', () => {
  it('counts the likes that comments already had, and only likes', async () => {
    await migrateTo(handle.db, '007-read-paths');
    const db = handle.db;
    const now = Date.now();
    const users = ['ann', 'bob', 'cat'].map((name) => user(name, now));
    await db.insertInto('users').values(users).execute();
    const videoId = newId(now);
    await sql`insert into videos (id, owner_id, title, description, hashtag, visibility, duration,
        video_key, thumbnail_key, created_at, updated_at)
      values (${videoId}, ${users[0]!.id}, 'Old video', '', '', 'public', 1,
        ${`videos/${videoId}.mp4`}, 'images/t.webp', ${now}, ${now})`.execute(db);
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

describe('010, 011 and 014: kept counts and liked visibility', () => {
  it('counts the likes and comments videos already had, and hides likes of others’ private videos', async () => {
    await migrateTo(handle.db, '009-search-generation');
    const db = handle.db;
    const now = Date.now();
    const [ann, bob, cat] = ['ann', 'bob', 'cat'].map((name) => user(name, now));
    await db.insertInto('users').values([ann!, bob!, cat!]).execute();
    const [open, closed] = [newId(now), newId(now)];
    const insertVideo = (id: string, visibility: string) =>
      sql`insert into videos (id, owner_id, title, description, hashtag, visibility, duration,
          video_key, thumbnail_key, created_at, updated_at)
        values (${id}, ${ann!.id}, 'Old video', '', '', ${visibility}, 1,
          ${`videos/${id}.mp4`}, 'images/t.webp', ${now}, ${now})`.execute(db);
    await insertVideo(open, 'public');
    await insertVideo(closed, 'private');
    const like = (userId: string, targetId: string, kind: string, type = 'Video') =>
      sql`insert into likes (user_id, target_type, target_id, kind, created_at)
        values (${userId}, ${type}, ${targetId}, ${kind}, ${now})`.execute(db);
    await like(ann!.id, open, 'like');
    await like(bob!.id, open, 'like');
    await like(cat!.id, open, 'dislike');
    await like(ann!.id, closed, 'like');
    await like(bob!.id, closed, 'like');
    const comment = newId(now);
    await sql`insert into comments (id, video_id, owner_id, parent_id, content, created_at, updated_at)
      values (${comment}, ${open}, ${bob!.id}, null, 'first', ${now}, ${now}),
             (${newId(now)}, ${open}, ${ann!.id}, ${comment}, 'reply', ${now}, ${now})`.execute(db);
    await like(cat!.id, comment, 'like', 'Comment');

    await migrateToLatest(db);
    const videos = await db
      .selectFrom('videos')
      .select(['id', 'likes_count', 'comments_count'])
      .orderBy('visibility')
      .execute();
    expect(videos.map((v) => [v.id, Number(v.likes_count), Number(v.comments_count)])).toEqual([
      [closed, 2, 0],
      [open, 2, 2],
    ]);
    const hidden = await db
      .selectFrom('likes')
      .select(['user_id', 'target_id'])
      .where('target_hidden', '=', 1)
      .execute();
    // Bob's like of Ann's private video; Ann's own like of it stays in her list.
    expect(hidden).toEqual([{ user_id: bob!.id, target_id: closed }]);
    // 014: Ann's videos, all and public (the private one only among all), nobody else's.
    const channels = await db
      .selectFrom('users')
      .select(['username', 'all_videos_count', 'public_videos_count'])
      .orderBy('username')
      .execute();
    expect(
      channels.map((c) => [c.username, Number(c.all_videos_count), Number(c.public_videos_count)]),
    ).toEqual([
      ['ann', 2, 1],
      ['bob', 0, 0],
      ['cat', 0, 0],
    ]);
  });
});

describe('111: channel subscriber counts', () => {
  it('counts the subscribers channels already had, and the counts move with later changes', async () => {
    await migrateTo(handle.db, '110-derived-data-state');
    const db = handle.db;
    const now = Date.now();
    const [ann, bob, cat] = ['ann', 'bob', 'cat'].map((name) => user(name, now));
    await db.insertInto('users').values([ann!, bob!, cat!]).execute();
    const subscribe = (subscriber: string, channel: string) =>
      sql`insert into subscriptions (subscriber_id, channel_id, created_at)
        values (${subscriber}, ${channel}, ${now})`.execute(db);
    await subscribe(bob!.id, ann!.id);
    await subscribe(cat!.id, ann!.id);
    await subscribe(ann!.id, bob!.id);

    await migrateToLatest(db);
    const counts = async () =>
      Object.fromEntries(
        (await db.selectFrom('users').select(['username', 'subscribers_count']).execute()).map(
          (u) => [u.username, Number(u.subscribers_count)],
        ),
      );
    expect(await counts()).toEqual({ ann: 2, bob: 1, cat: 0 });
    await subscribe(ann!.id, cat!.id);
    await db.deleteFrom('subscriptions').where('subscriber_id', '=', bob!.id).execute();
    expect(await counts()).toEqual({ ann: 1, bob: 1, cat: 1 });
  });
});
