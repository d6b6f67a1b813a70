import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { manualClock } from './helpers/clock.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { newId } from '../src/lib/ids.js';

let t: TestApp;
const clock = manualClock();
let owner: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  owner = await signedInUser(t.server, 'owner');
  other = await signedInUser(t.server, 'other');
});
afterAll(async () => {
  await t.close();
});

const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);

async function comment(videoId: string, cookie: string, content: string) {
  const res = await api('POST', `/comments/createcomments/u/${videoId}`, {
    cookie,
    payload: { content },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { _id: string; content: string };
}

async function reply(commentId: string, cookie: string, content: string) {
  const res = await api('POST', `/comments/replycomment/u/${commentId}`, {
    cookie,
    payload: { content },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { _id: string; content: string };
}

describe('comments', () => {
  it('creates a comment, trimmed, with its owner and zero counts', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    const res = await api('POST', `/comments/createcomments/u/${videoId}`, {
      cookie: other.cookie,
      payload: { content: '   Nice video!  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      statusCode: 201,
      data: {
        content: 'Nice video!',
        owner: { _id: other.user._id, username: other.username },
        likesCount: 0,
        isLikedByUser: false,
        isDislikedByUser: false,
        replies: [],
      },
    });
    expect(res.json().data.owner.avatar).toMatch(/^\/media\//);
    expect(new Date(res.json().data.createdAt).toString()).not.toBe('Invalid Date');
  });

  it('refuses short, whitespace-only, too long or missing content with 400', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    for (const content of ['abc', '      ', '  ab  ', 'x'.repeat(5001)]) {
      const res = await api('POST', `/comments/createcomments/u/${videoId}`, {
        cookie: other.cookie,
        payload: { content },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: [{ field: 'content' }] });
    }
    const short = await api('POST', `/comments/createcomments/u/${videoId}`, {
      cookie: other.cookie,
      payload: { content: ' ab ' },
    });
    expect(short.json().message).toBe(MESSAGES.commentMin);
    const missing = await api('POST', `/comments/createcomments/u/${videoId}`, {
      cookie: other.cookie,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    // Exactly the limit is fine.
    await comment(videoId, other.cookie, 'x'.repeat(5000));
    const list = await api('GET', `/comments/getvideocomments/u/${videoId}`);
    expect(list.json().totalComments).toBe(1);
  });

  it('requires sign-in for every write, before looking at the body', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    const c = await comment(videoId, owner.cookie, 'First comment');
    const calls: [Method, string][] = [
      ['POST', `/comments/createcomments/u/${videoId}`],
      ['POST', `/comments/replycomment/u/${c._id}`],
      ['PATCH', `/comments/editusercomment/u/${c._id}`],
      ['DELETE', `/comments/deletecomment/u/${c._id}`],
    ];
    for (const [method, url] of calls) {
      for (const payload of [{ content: 'Valid content' }, { content: '' }]) {
        const res = await api(method, url, method === 'DELETE' ? {} : { payload });
        expect(res.statusCode).toBe(401);
        expect(res.json().success).toBe(false);
      }
    }
  });

  it('answers 404 for unknown and malformed video and comment ids', async () => {
    const body = { cookie: other.cookie, payload: { content: 'Hello there' } };
    for (const id of [newId(), 'not-an-id', '0'.repeat(24)]) {
      expect((await api('GET', `/comments/getvideocomments/u/${id}`)).statusCode).toBe(404);
      expect((await api('POST', `/comments/createcomments/u/${id}`, body)).statusCode).toBe(404);
      expect((await api('POST', `/comments/replycomment/u/${id}`, body)).statusCode).toBe(404);
      expect((await api('PATCH', `/comments/editusercomment/u/${id}`, body)).statusCode).toBe(404);
      const del = await api('DELETE', `/comments/deletecomment/u/${id}`, { cookie: other.cookie });
      expect(del.statusCode).toBe(404);
      expect(del.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('lists top-level comments newest first with their replies, for visitors too', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    const first = await comment(videoId, owner.cookie, 'First comment');
    clock.advance();
    const second = await comment(videoId, other.cookie, 'Second comment');
    clock.advance();
    const r1 = await reply(first._id, other.cookie, 'First reply');
    clock.advance();
    // A reply to a reply joins the top-level comment: nesting is one level deep.
    const r2 = await reply(r1._id, owner.cookie, 'Reply to the reply');

    const res = await api('GET', `/comments/getvideocomments/u/${videoId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      statusCode: 200,
      totalComments: 4,
      totalPages: 1,
      currentPage: 1,
    });
    expect(body.data.map((c: { _id: string }) => c._id)).toEqual([second._id, first._id]);
    expect(body.data[0].replies).toEqual([]);
    const replies = body.data[1].replies;
    expect(replies.map((r: { _id: string }) => r._id)).toEqual([r1._id, r2._id]);
    expect(replies[0]).toMatchObject({
      content: 'First reply',
      owner: { _id: other.user._id, username: other.username },
      likesCount: 0,
      isLikedByUser: false,
      isDislikedByUser: false,
      replies: [],
    });
    const row = await t.database.db
      .selectFrom('comments')
      .select('parent_id')
      .where('id', '=', r2._id)
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBe(first._id);
  });

  it('answers visitors from one kept page, written once, until a comment changes it', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    await comment(videoId, other.cookie, 'Kept one');
    const query = { page: 1, limit: 20 };
    const list = () => t.app.services.comments.list(videoId, query, undefined);
    const first = await list();
    // The same frozen array for every visitor's answer: its JSON is made once
    // (http/kept-list-serializer.ts) and reused.
    expect(Object.isFrozen(first.data)).toBe(true);
    expect((await list()).data).toBe(first.data);
    const read = async () =>
      (await api('GET', `/comments/getvideocomments/u/${videoId}`))
        .json()
        .data.map((c: { content: string }) => c.content);
    expect(await read()).toEqual(['Kept one']);
    expect(await read()).toEqual(['Kept one']);
    clock.advance();
    await comment(videoId, owner.cookie, 'Kept two');
    const after = await list();
    expect(after.data).not.toBe(first.data);
    expect(await read()).toEqual(['Kept two', 'Kept one']);
  });

  it('pages top-level comments and shows the viewer’s likes on comments and replies', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await comment(videoId, owner.cookie, `Comment number ${i}`))._id);
      clock.advance();
    }
    const r = await reply(ids[0]!, owner.cookie, 'A reply here');
    const like = (id: string, cookie: string, type = 'like') =>
      api('POST', `/toggle/like-dislike/${id}/${type}`, {
        cookie,
        payload: { contentType: 'Comment' },
      });
    expect((await like(ids[0]!, other.cookie)).statusCode).toBe(200);
    expect((await like(ids[0]!, owner.cookie, 'dislike')).statusCode).toBe(200);
    expect((await like(r._id, other.cookie)).statusCode).toBe(200);

    const page1 = (
      await api('GET', `/comments/getvideocomments/u/${videoId}?page=1&limit=2`)
    ).json();
    expect(page1).toMatchObject({ totalComments: 6, totalPages: 3, currentPage: 1 });
    expect(page1.data.map((c: { _id: string }) => c._id)).toEqual([ids[4], ids[3]]);
    const page3 = (
      await api('GET', `/comments/getvideocomments/u/${videoId}?page=3&limit=2`, {
        cookie: other.cookie,
      })
    ).json();
    expect(page3.data.map((c: { _id: string }) => c._id)).toEqual([ids[0]]);
    expect(page3.data[0]).toMatchObject({
      likesCount: 1,
      isLikedByUser: true,
      isDislikedByUser: false,
      replies: [{ _id: r._id, likesCount: 1, isLikedByUser: true }],
    });
    const asOwner = (
      await api('GET', `/comments/getvideocomments/u/${videoId}?page=3&limit=2`, {
        cookie: owner.cookie,
      })
    ).json();
    expect(asOwner.data[0]).toMatchObject({
      likesCount: 1,
      isLikedByUser: false,
      isDislikedByUser: true,
    });
    expect(asOwner.data[0].replies[0]).toMatchObject({ isLikedByUser: false });
    const empty = (
      await api('GET', `/comments/getvideocomments/u/${videoId}?page=9&limit=2`)
    ).json();
    expect(empty.data).toEqual([]);
    expect((await api('GET', `/comments/getvideocomments/u/${videoId}?limit=0`)).statusCode).toBe(
      400,
    );
  });

  it('hides a private video’s comments from everyone but its owner', async () => {
    const videoId = await insertVideo(t, owner.user._id, { visibility: 'private' });
    const c = await comment(videoId, owner.cookie, 'Owner note here');
    expect((await api('GET', `/comments/getvideocomments/u/${videoId}`)).statusCode).toBe(404);
    const asOther = await api('GET', `/comments/getvideocomments/u/${videoId}`, {
      cookie: other.cookie,
    });
    expect(asOther.statusCode).toBe(404);
    const body = { cookie: other.cookie, payload: { content: 'Sneaky comment' } };
    expect((await api('POST', `/comments/createcomments/u/${videoId}`, body)).statusCode).toBe(404);
    expect((await api('POST', `/comments/replycomment/u/${c._id}`, body)).statusCode).toBe(404);
    const asOwner = await api('GET', `/comments/getvideocomments/u/${videoId}`, {
      cookie: owner.cookie,
    });
    expect(asOwner.json().data).toHaveLength(1);
    // Unlisted videos are watchable by link, so their comments are readable too.
    const unlisted = await insertVideo(t, owner.user._id, { visibility: 'unlisted' });
    expect((await api('GET', `/comments/getvideocomments/u/${unlisted}`)).statusCode).toBe(200);
  });

  it('lets only the author edit, and keeps HTML as plain text', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    const c = await comment(videoId, other.cookie, 'Original words');
    const byOwnerOfVideo = await api('PATCH', `/comments/editusercomment/u/${c._id}`, {
      cookie: owner.cookie,
      payload: { content: 'Hijacked words' },
    });
    expect(byOwnerOfVideo.statusCode).toBe(403);
    const tooShort = await api('PATCH', `/comments/editusercomment/u/${c._id}`, {
      cookie: other.cookie,
      payload: { content: '  no  ' },
    });
    expect(tooShort.statusCode).toBe(400);
    const html = '<script>alert("x")</script> & <b>bold</b>';
    const res = await api('PATCH', `/comments/editusercomment/u/${c._id}`, {
      cookie: other.cookie,
      payload: { content: `  ${html}\n` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: c._id, content: html });
    const list = (await api('GET', `/comments/getvideocomments/u/${videoId}`)).json();
    expect(list.data[0].content).toBe(html);
    expect(list.data[0].content).toContain('<script>');
  });

  it('lets the author delete (not a stranger), removing replies and all their likes', async () => {
    // The comment's author owns the video too: `owner` is a stranger to it here.
    const videoId = await insertVideo(t, other.user._id);
    const c = await comment(videoId, other.cookie, 'To be deleted');
    const keep = await comment(videoId, owner.cookie, 'To be kept around');
    const r1 = await reply(c._id, owner.cookie, 'Reply one here');
    const r2 = await reply(c._id, other.cookie, 'Reply two here');
    for (const id of [c._id, r1._id, r2._id, keep._id]) {
      const res = await api('POST', `/toggle/like-dislike/${id}/like`, {
        cookie: owner.cookie,
        payload: { contentType: 'Comment' },
      });
      expect(res.statusCode).toBe(200);
    }
    const denied = await api('DELETE', `/comments/deletecomment/u/${c._id}`, {
      cookie: owner.cookie,
    });
    expect(denied.statusCode).toBe(403);

    // The author of a reply may delete just that reply.
    const oneReply = await api('DELETE', `/comments/deletecomment/u/${r1._id}`, {
      cookie: owner.cookie,
    });
    expect(oneReply.statusCode).toBe(200);
    let list = (await api('GET', `/comments/getvideocomments/u/${videoId}`)).json();
    expect(list.totalComments).toBe(3);

    const res = await api('DELETE', `/comments/deletecomment/u/${c._id}`, { cookie: other.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { _id: c._id } });
    list = (await api('GET', `/comments/getvideocomments/u/${videoId}`)).json();
    expect(list.totalComments).toBe(1);
    expect(list.data.map((x: { _id: string }) => x._id)).toEqual([keep._id]);
    const db = t.database.db;
    const comments = await db
      .selectFrom('comments')
      .select('id')
      .where('id', 'in', [c._id, r1._id, r2._id])
      .execute();
    expect(comments).toEqual([]);
    const likes = await db
      .selectFrom('likes')
      .select('target_id')
      .where('target_type', '=', 'Comment')
      .where('target_id', 'in', [c._id, r1._id, r2._id, keep._id])
      .execute();
    expect(likes.map((l) => l.target_id)).toEqual([keep._id]);
    // The video's kept comment count followed the comment and both replies out.
    const counted = await db
      .selectFrom('videos')
      .select('comments_count')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(Number(counted.comments_count)).toBe(1);
    const again = await api('DELETE', `/comments/deletecomment/u/${c._id}`, {
      cookie: other.cookie,
    });
    expect(again.statusCode).toBe(404);
  });

  it('deleting a video removes its comments, replies and their likes', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    const c = await comment(videoId, other.cookie, 'On a doomed video');
    const r = await reply(c._id, owner.cookie, 'Reply on doomed');
    const elsewhere = await insertVideo(t, owner.user._id);
    const survivor = await comment(elsewhere, other.cookie, 'On another video');
    for (const id of [c._id, r._id, survivor._id]) {
      await api('POST', `/toggle/like-dislike/${id}/dislike`, {
        cookie: other.cookie,
        payload: { contentType: 'Comment' },
      });
    }
    const res = await api('DELETE', `/videos/deletevid/${videoId}`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const db = t.database.db;
    expect(
      await db.selectFrom('comments').select('id').where('video_id', '=', videoId).execute(),
    ).toEqual([]);
    const likes = await db
      .selectFrom('likes')
      .select('target_id')
      .where('target_type', '=', 'Comment')
      .where('target_id', 'in', [c._id, r._id, survivor._id])
      .execute();
    expect(likes.map((l) => l.target_id)).toEqual([survivor._id]);
    const list = (await api('GET', `/comments/getvideocomments/u/${elsewhere}`)).json();
    expect(list.data[0]).toMatchObject({ _id: survivor._id, isDislikedByUser: false });
  });

  it('appears in the OpenAPI document', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/comments/getvideocomments/u/{videoId}',
        '/api/v1/comments/createcomments/u/{videoId}',
        '/api/v1/comments/replycomment/u/{commentId}',
        '/api/v1/comments/editusercomment/u/{commentId}',
        '/api/v1/comments/deletecomment/u/{commentId}',
        '/api/v1/toggle/like-dislike/{objectId}/{type}',
        '/api/v1/toggle/getlikedvideos',
        '/api/v1/subscriptions/u/{channelId}',
        '/api/v1/subscriptions/c/{userId}',
        '/api/v1/subscriptions/videos',
      ]),
    );
  });
});
