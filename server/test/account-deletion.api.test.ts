import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './helpers/api-client.js';
import { signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Every row of every table that names the user, by any column holding user ids. */
async function rowsNaming(userId: string): Promise<string[]> {
  const db = t.database.db;
  const found: string[] = [];
  const checks: [string, Promise<unknown[]>][] = [
    ['users', db.selectFrom('users').select('id').where('id', '=', userId).execute()],
    ['sessions', db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()],
    ['videos', db.selectFrom('videos').select('id').where('owner_id', '=', userId).execute()],
    ['comments', db.selectFrom('comments').select('id').where('owner_id', '=', userId).execute()],
    ['likes', db.selectFrom('likes').select('user_id').where('user_id', '=', userId).execute()],
    [
      'subscriptions',
      db
        .selectFrom('subscriptions')
        .select('channel_id')
        .where((eb) => eb.or([eb('subscriber_id', '=', userId), eb('channel_id', '=', userId)]))
        .execute(),
    ],
    [
      'watch_history',
      db.selectFrom('watch_history').select('user_id').where('user_id', '=', userId).execute(),
    ],
    [
      'video_views',
      db.selectFrom('video_views').select('id').where('viewer_id', '=', userId).execute(),
    ],
    [
      'video_view_guards',
      db
        .selectFrom('video_view_guards')
        .select('video_id')
        .where('viewer_key', '=', `u:${userId}`)
        .execute(),
    ],
    [
      'account_tokens',
      db.selectFrom('account_tokens').select('user_id').where('user_id', '=', userId).execute(),
    ],
  ];
  for (const [table, rows] of checks) if ((await rows).length > 0) found.push(table);
  return found;
}

describe('DELETE /users/me', () => {
  it('removes the account, its videos and files, comments, likes, subscriptions and history, keeping others’ counts right', async () => {
    const leaver = await signedInUser(t.server, 'leaver');
    const other = await signedInUser(t.server, 'stayer');
    const own = await publishVideo(t, leaver.cookie, { title: 'Soon gone video' });
    const theirs = await publishVideo(t, other.cookie, { title: 'Staying video' });
    await apiCall(t, 'POST', `/toggle/like-dislike/${theirs._id}/like`, {
      cookie: leaver.cookie,
      payload: { contentType: 'Video' },
    });
    const top = await apiCall(t, 'POST', `/comments/createcomments/u/${theirs._id}`, {
      cookie: leaver.cookie,
      payload: { content: 'My comment here' },
    });
    await apiCall(t, 'POST', `/comments/replycomment/u/${top.json().data._id}`, {
      cookie: other.cookie,
      payload: { content: 'A reply to it' },
    });
    const kept = await apiCall(t, 'POST', `/comments/createcomments/u/${theirs._id}`, {
      cookie: other.cookie,
      payload: { content: 'Owner comment' },
    });
    await apiCall(t, 'POST', `/comments/replycomment/u/${kept.json().data._id}`, {
      cookie: leaver.cookie,
      payload: { content: 'My reply here' },
    });
    await apiCall(t, 'POST', `/subscriptions/u/${other.user._id}`, { cookie: leaver.cookie });
    await apiCall(t, 'POST', `/subscriptions/u/${leaver.user._id}`, { cookie: other.cookie });
    await apiCall(t, 'POST', `/videos/increaseviews/${theirs._id}`, { cookie: leaver.cookie });
    await apiCall(t, 'POST', `/toggle/like-dislike/${own._id}/like`, {
      cookie: other.cookie,
      payload: { contentType: 'Video' },
    });

    const avatar = (await apiCall(t, 'GET', '/users/check-session', { cookie: leaver.cookie }))
      .json()
      .user.avatar.replace('/media/', '');
    const before = await listFiles(t.mediaDir);
    expect(before).toContain(avatar);
    expect(before.some((f) => f.startsWith(`videos/${own._id}/`))).toBe(true);

    const wrong = await apiCall(t, 'DELETE', '/users/me', {
      cookie: leaver.cookie,
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    const missing = await apiCall(t, 'DELETE', '/users/me', { cookie: leaver.cookie, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(await rowsNaming(leaver.user._id)).not.toEqual([]);

    const res = await apiCall(t, 'DELETE', '/users/me', {
      cookie: leaver.cookie,
      payload: { password: leaver.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsNaming(leaver.user._id)).toEqual([]);
    const after = await listFiles(t.mediaDir);
    expect(after.filter((f) => f.startsWith(`videos/${own._id}/`))).toEqual([]);
    expect(after).not.toContain(avatar);
    const session = (
      await apiCall(t, 'GET', '/users/check-session', { cookie: leaver.cookie })
    ).json();
    expect(session.isAuthenticated).toBe(false);

    const video = (
      await apiCall(t, 'GET', `/videos/vid-id/${theirs._id}`, { cookie: other.cookie })
    ).json().data;
    expect(video.likesCount).toBe(0);
    expect(video.views).toBe(1);
    const comments = (
      await apiCall(t, 'GET', `/comments/getvideocomments/u/${theirs._id}`, {
        cookie: other.cookie,
      })
    ).json();
    expect(comments.totalComments).toBe(1);
    expect(comments.data).toMatchObject([{ content: 'Owner comment', replies: [] }]);
    const row = await t.database.db
      .selectFrom('videos')
      .select(['likes_count', 'comments_count'])
      .where('id', '=', theirs._id)
      .executeTakeFirstOrThrow();
    expect(Number(row.comments_count)).toBe(1);
    const otherMe = (
      await apiCall(t, 'GET', '/users/check-session', { cookie: other.cookie })
    ).json().user;
    expect(otherMe.subscribersCount).toBe(0);
    expect(
      (await apiCall(t, 'GET', `/users/c/${leaver.username}`, { cookie: other.cookie })).statusCode,
    ).toBe(404);
  });
});
