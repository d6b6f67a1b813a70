import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';
import { apiCall, type Method } from './helpers/api-client.js';

/**
 * Pages of comments are kept by the server between requests (CommentPages): every change a
 * page shows must show on the very next read, for visitors and signed-in viewers alike.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let fan: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'owner');
  fan = await signedInUser(t.server, 'fan');
});
afterAll(async () => {
  await t.close();
});

const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);

interface Listed {
  _id: string;
  content: string;
  likesCount: number;
  isLikedByUser: boolean;
  owner: { username: string; avatar: string };
  replies: Listed[];
}

async function list(videoId: string, cookie?: string, query = '') {
  const res = await api('GET', `/comments/getvideocomments/u/${videoId}${query}`, { cookie });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Listed[]; totalComments: number; totalPages: number };
}

async function create(path: string, cookie: string, content: string): Promise<string> {
  const res = await api('POST', path, { cookie, payload: { content } });
  expect(res.statusCode).toBe(201);
  return res.json().data._id;
}

describe('comment pages kept between requests', () => {
  it('show every change on the next read', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    const first = await create(`/comments/createcomments/u/${videoId}`, fan.cookie, 'First one');
    // Read as a visitor and as a viewer, so both forms of the page are kept.
    expect((await list(videoId)).data.map((c) => c.content)).toEqual(['First one']);
    expect((await list(videoId, fan.cookie)).totalComments).toBe(1);

    await create(`/comments/createcomments/u/${videoId}`, owner.cookie, 'Second one');
    expect((await list(videoId)).data.map((c) => c.content)).toEqual(['Second one', 'First one']);

    const replyId = await create(`/comments/replycomment/u/${first}`, owner.cookie, 'A reply');
    let page = await list(videoId);
    expect(page.totalComments).toBe(3);
    expect(page.data[1]!.replies.map((r) => r._id)).toEqual([replyId]);

    const edited = await api('PATCH', `/comments/editusercomment/u/${first}`, {
      cookie: fan.cookie,
      payload: { content: 'First, edited' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await list(videoId)).data[1]!.content).toBe('First, edited');

    const like = (id: string, cookie: string) =>
      api('POST', `/toggle/like-dislike/${id}/like`, {
        cookie,
        payload: { contentType: 'Comment' },
      });
    expect((await like(replyId, fan.cookie)).statusCode).toBe(200);
    page = await list(videoId);
    expect(page.data[1]!.replies[0]).toMatchObject({ likesCount: 1, isLikedByUser: false });
    // The liker sees their own like; the visitor's page is not theirs.
    const mine = await list(videoId, fan.cookie);
    expect(mine.data[1]!.replies[0]).toMatchObject({ likesCount: 1, isLikedByUser: true });
    expect((await list(videoId)).data[1]!.replies[0]!.isLikedByUser).toBe(false);

    const deleted = await api('DELETE', `/comments/deletecomment/u/${first}`, {
      cookie: fan.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    page = await list(videoId);
    expect(page.totalComments).toBe(1);
    expect(page.data.map((c) => c.content)).toEqual(['Second one']);
  });

  it('show a commenter’s new name and picture', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    await create(`/comments/createcomments/u/${videoId}`, fan.cookie, 'Who said this?');
    expect((await list(videoId)).data[0]!.owner.username).toBe(fan.username);
    await t.database.db
      .updateTable('users')
      .set({ username: 'renamedfan', avatar_key: 'images/renamed.webp' })
      .where('id', '=', fan.user._id)
      .execute();
    expect((await list(videoId)).data[0]!.owner).toMatchObject({
      username: 'renamedfan',
      avatar: expect.stringContaining('images/renamed.webp'),
    });
  });

  it('keep each page size and page apart', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    for (const n of [1, 2, 3]) {
      await create(`/comments/createcomments/u/${videoId}`, owner.cookie, `Comment ${n}`);
    }
    const contents = async (query: string) =>
      (await list(videoId, undefined, query)).data.map((c) => c.content);
    expect(await contents('?limit=2')).toEqual(['Comment 3', 'Comment 2']);
    expect(await contents('?limit=2&page=2')).toEqual(['Comment 1']);
    expect(await contents('?limit=1')).toEqual(['Comment 3']);
    expect((await list(videoId, undefined, '?limit=2')).totalPages).toBe(2);
  });
});
