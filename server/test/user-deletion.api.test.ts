import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';
import { startS3Server, type S3TestServer } from './helpers/s3-server.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';

/**
 * Deleting an account removes it with all its content and files (on disk, or in an S3 bucket),
 * and the counts of other people's videos and comments stay right.
 */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

describe.each(['disk', 's3'] as const)('deleting an account (%s)', (storage) => {
  let t: TestApp;
  let store: S3BlobStore | undefined;
  let moderator: SignedIn;
  let victim: SignedIn;
  let other: SignedIn;
  let own: Video;
  let theirs: Video;
  let victimComment: string;
  let otherReply: string;
  let victimAvatar: string;

  /** Every stored key: files under DATA_DIR/media, or objects in the bucket. */
  const keys = async () =>
    store
      ? s3.keys(store.bucket)
      : (await listFiles(t.mediaDir)).map((f) => f.split('\\').join('/'));

  const counts = async (id: string) =>
    t.database.db
      .selectFrom('videos')
      .select(['likes_count', 'comments_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((r) => ({ likes: Number(r.likes_count), comments: Number(r.comments_count) }));

  beforeAll(async () => {
    if (storage === 's3') {
      const options = await s3.bucket();
      t = await createTestApp({}, {}, { blobs: () => (store = new S3BlobStore(options)) });
    } else {
      t = await createTestApp();
    }
    moderator = await staffUser(t, 'moderator');
    victim = await signedInUser(t.server, 'leaving');
    other = await signedInUser(t.server, 'staying');
    own = await publishVideo(t, victim.cookie, { title: 'A video that goes' });
    theirs = await publishVideo(t, other.cookie, { title: 'A video that stays' });
    const session = await call(t, 'GET', '/users/check-session', { cookie: victim.cookie });
    victimAvatar = session.json().user.avatar.slice('/media/'.length);

    const like = (cookie: string, id: string, type: 'Video' | 'Comment') =>
      call(t, 'POST', `/toggle/like-dislike/${id}/like`, { cookie, body: { contentType: type } });
    const comment = async (cookie: string, id: string, content: string) =>
      (
        await call(t, 'POST', `/comments/createcomments/u/${id}`, { cookie, body: { content } })
      ).json().data._id as string;

    // The account's traces on someone else's video, and someone else's on its own.
    await like(victim.cookie, theirs._id, 'Video');
    victimComment = await comment(victim.cookie, theirs._id, 'I was here');
    otherReply = (
      await call(t, 'POST', `/comments/replycomment/u/${victimComment}`, {
        cookie: other.cookie,
        body: { content: 'So was I' },
      })
    ).json().data._id;
    await like(other.cookie, victimComment, 'Comment');
    await comment(other.cookie, theirs._id, 'My own comment stays');
    await like(other.cookie, own._id, 'Video');
    await comment(other.cookie, own._id, 'A comment on a video that goes');
    await call(t, 'POST', `/subscriptions/u/${other.user._id}`, { cookie: victim.cookie });
    await call(t, 'POST', `/subscriptions/u/${victim.user._id}`, { cookie: other.cookie });
    await call(t, 'POST', '/reports', {
      cookie: victim.cookie,
      body: { targetType: 'video', targetId: theirs._id, reason: 'spam' },
    });
  });
  afterAll(async () => {
    await t?.close();
    store?.close();
  });

  it('removes the account, its content and every file of it; other counts stay right', async () => {
    expect(await counts(theirs._id)).toEqual({ likes: 1, comments: 3 });
    const before = await keys();
    expect(before.some((k) => k.startsWith(`videos/${own._id}/`))).toBe(true);
    expect(before).toContain(victimAvatar);

    const res = await call(t, 'DELETE', `/admin/users/${victim.user._id}`, {
      cookie: moderator.cookie,
      body: { reason: 'Asked to leave' },
    });
    expect(res.statusCode).toBe(200);

    const db = t.database.db;
    expect(
      await db.selectFrom('users').select('id').where('id', '=', victim.user._id).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('videos').select('id').where('id', '=', own._id).execute()).toEqual(
      [],
    );
    // Its like and its thread on the other video are gone, with the reply under it.
    expect(await counts(theirs._id)).toEqual({ likes: 0, comments: 1 });
    expect(
      await db
        .selectFrom('comments')
        .select('id')
        .where('id', 'in', [victimComment, otherReply])
        .execute(),
    ).toEqual([]);
    // No like points at anything that went.
    const dangling = await db
      .selectFrom('likes')
      .select('target_id')
      .where((eb) =>
        eb.or([
          eb('user_id', '=', victim.user._id),
          eb('target_id', 'in', [own._id, victimComment]),
        ]),
      )
      .execute();
    expect(dangling).toEqual([]);
    const other2 = await call(t, 'GET', `/users/c/${other.username}`, { cookie: other.cookie });
    expect(other2.json().data.subscribersCount).toBe(0);
    expect(
      (await call(t, 'GET', '/subscriptions/c/' + other.user._id, { cookie: other.cookie })).json()
        .data,
    ).toEqual([]);
    const liked = await call(t, 'GET', '/toggle/getlikedvideos', { cookie: other.cookie });
    expect(liked.json().totalVideoLikes).toBe(0);

    const after = await keys();
    expect(after.filter((k) => k.startsWith(`videos/${own._id}/`))).toEqual([]);
    expect(after).not.toContain(victimAvatar);
    // The other account's files are untouched.
    expect(after.filter((k) => k.startsWith(`videos/${theirs._id}/`))).toEqual(
      before.filter((k) => k.startsWith(`videos/${theirs._id}/`)),
    );

    const session = await call(t, 'GET', '/users/check-session', { cookie: victim.cookie });
    expect(session.json().isAuthenticated).toBe(false);
    const login = await call(t, 'POST', '/users/login', {
      body: { username: victim.username, password: victim.password },
    });
    expect(login.statusCode).toBe(401);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'reason'])
      .where('target_id', '=', victim.user._id)
      .execute();
    expect(audit).toEqual([
      { action: 'user.delete', actor_id: moderator.user._id, reason: 'Asked to leave' },
    ]);
  });

  it('answers 404 for an account that is gone', async () => {
    const res = await call(t, 'DELETE', `/admin/users/${victim.user._id}`, {
      cookie: moderator.cookie,
      body: { reason: 'Again' },
    });
    expect(res.statusCode).toBe(404);
  });
});
