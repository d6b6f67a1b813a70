import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';
import { apiCall, type Method } from './helpers/api-client.js';

// Once a video goes private, other people cannot see it or anything on it, but what they
// wrote or clicked on it is still theirs to take back.
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let fan: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'privowner');
  fan = await signedInUser(t.server, 'privfan');
  other = await signedInUser(t.server, 'privother');
});
afterAll(async () => {
  await t.close();
});

const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);
const toggle = (id: string, type: string, cookie: string, contentType = 'Video') =>
  api('POST', `/toggle/like-dislike/${id}/${type}`, { cookie, payload: { contentType } });
const makePrivate = async (id: string) => {
  const res = await api('PATCH', `/videos/${id}`, {
    cookie: owner.cookie,
    payload: { visibility: 'private' },
  });
  expect(res.statusCode).toBe(200);
};
const likesOf = (targetId: string) =>
  t.database.db
    .selectFrom('likes')
    .select(['user_id', 'kind'])
    .where('target_id', '=', targetId)
    .execute();

describe('a video that went private', () => {
  it('lets a commenter delete their own comment and reply, and nobody else', async () => {
    const id = await insertVideo(t, owner.user._id);
    const mine = await api('POST', `/comments/createcomments/u/${id}`, {
      cookie: fan.cookie,
      payload: { content: 'my comment here' },
    });
    expect(mine.statusCode).toBe(201);
    const commentId = mine.json().data._id as string;
    const theirs = await api('POST', `/comments/createcomments/u/${id}`, {
      cookie: other.cookie,
      payload: { content: 'their comment' },
    });
    const theirId = theirs.json().data._id as string;
    const reply = await api('POST', `/comments/replycomment/u/${theirId}`, {
      cookie: fan.cookie,
      payload: { content: 'my reply to them' },
    });
    const replyId = reply.json().data._id as string;
    await makePrivate(id);

    // Still invisible: no reading, editing or commenting.
    expect(
      (await api('GET', `/comments/getvideocomments/u/${id}`, { cookie: fan.cookie })).statusCode,
    ).toBe(404);
    const edit = await api('PATCH', `/comments/editusercomment/u/${commentId}`, {
      cookie: fan.cookie,
      payload: { content: 'edited now' },
    });
    expect(edit.statusCode).toBe(404);
    // Someone else's comment on it does not exist for them.
    const foreign = await api('DELETE', `/comments/deletecomment/u/${theirId}`, {
      cookie: fan.cookie,
    });
    expect(foreign.statusCode).toBe(404);

    const del = await api('DELETE', `/comments/deletecomment/u/${commentId}`, {
      cookie: fan.cookie,
    });
    expect(del.statusCode).toBe(200);
    const delReply = await api('DELETE', `/comments/deletecomment/u/${replyId}`, {
      cookie: fan.cookie,
    });
    expect(delReply.statusCode).toBe(200);
    const left = await t.database.db
      .selectFrom('comments')
      .select('id')
      .where('video_id', '=', id)
      .execute();
    expect(left.map((r) => r.id)).toEqual([theirId]);
  });

  it('lets a viewer take back their like or dislike, but not add or switch one', async () => {
    const id = await insertVideo(t, owner.user._id);
    expect((await toggle(id, 'like', fan.cookie)).statusCode).toBe(200);
    expect((await toggle(id, 'dislike', other.cookie)).statusCode).toBe(200);
    await makePrivate(id);

    // Switching kind or liking anew is refused as if the video did not exist.
    expect((await toggle(id, 'dislike', fan.cookie)).statusCode).toBe(404);
    expect((await toggle(id, 'like', other.cookie)).statusCode).toBe(404);
    expect(await likesOf(id)).toHaveLength(2);

    const unlike = await toggle(id, 'like', fan.cookie);
    expect(unlike.statusCode).toBe(200);
    expect(unlike.json()).toMatchObject({
      isLikedByUser: false,
      isDislikedByUser: false,
      totalLikes: 0,
    });
    const undislike = await toggle(id, 'dislike', other.cookie);
    expect(undislike.statusCode).toBe(200);
    expect(await likesOf(id)).toEqual([]);
    // Taken back once; a second time there is nothing of theirs, so it is a 404 again.
    expect((await toggle(id, 'like', fan.cookie)).statusCode).toBe(404);
    // The count kept on the video followed.
    const row = await t.database.db
      .selectFrom('videos')
      .select('likes_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.likes_count)).toBe(0);
  });

  it('lets a viewer take back their like of a comment on it', async () => {
    const id = await insertVideo(t, owner.user._id);
    const c = await api('POST', `/comments/createcomments/u/${id}`, {
      cookie: owner.cookie,
      payload: { content: 'owner says hi' },
    });
    const commentId = c.json().data._id as string;
    expect((await toggle(commentId, 'like', fan.cookie, 'Comment')).statusCode).toBe(200);
    await makePrivate(id);
    expect((await toggle(commentId, 'like', other.cookie, 'Comment')).statusCode).toBe(404);
    const back = await toggle(commentId, 'like', fan.cookie, 'Comment');
    expect(back.statusCode).toBe(200);
    expect(await likesOf(commentId)).toEqual([]);
  });
});
