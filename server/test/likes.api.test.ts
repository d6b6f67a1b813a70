import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { manualClock } from './helpers/clock.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { newId } from '../src/lib/ids.js';

let t: TestApp;
const clock = manualClock();
let owner: Awaited<ReturnType<typeof signedInUser>>;
let fan: Awaited<ReturnType<typeof signedInUser>>;
let third: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  owner = await signedInUser(t.server, 'owner');
  fan = await signedInUser(t.server, 'fan');
  third = await signedInUser(t.server, 'third');
});
afterAll(async () => {
  await t.close();
});

const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);

const toggle = (
  id: string,
  type: string,
  cookie: string | undefined,
  contentType: string = 'Video',
) => api('POST', `/toggle/like-dislike/${id}/${type}`, { cookie, payload: { contentType } });

async function likeRows(targetId: string) {
  return t.database.db
    .selectFrom('likes')
    .select(['user_id', 'kind'])
    .where('target_id', '=', targetId)
    .execute();
}

describe('POST /toggle/like-dislike/{objectId}/{type}', () => {
  it('toggles a like, replaces it with a dislike and back, at the top level', async () => {
    const id = await insertVideo(t, owner.user._id);
    const liked = await toggle(id, 'like', fan.cookie);
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toMatchObject({
      success: true,
      statusCode: 200,
      message: expect.any(String),
      isLikedByUser: true,
      isDislikedByUser: false,
      totalLikes: 1,
    });
    expect((await toggle(id, 'like', third.cookie)).json().totalLikes).toBe(2);
    // The opposite action replaces the like.
    expect((await toggle(id, 'dislike', fan.cookie)).json()).toMatchObject({
      isLikedByUser: false,
      isDislikedByUser: true,
      totalLikes: 1,
    });
    expect((await toggle(id, 'like', fan.cookie)).json()).toMatchObject({
      isLikedByUser: true,
      isDislikedByUser: false,
      totalLikes: 2,
    });
    // The same action twice removes it.
    expect((await toggle(id, 'like', fan.cookie)).json()).toMatchObject({
      isLikedByUser: false,
      isDislikedByUser: false,
      totalLikes: 1,
    });
    expect((await toggle(id, 'dislike', fan.cookie)).json()).toMatchObject({
      isDislikedByUser: true,
      totalLikes: 1,
    });
    expect((await toggle(id, 'dislike', fan.cookie)).json()).toMatchObject({
      isLikedByUser: false,
      isDislikedByUser: false,
    });
    expect(await likeRows(id)).toEqual([{ user_id: third.user._id, kind: 'like' }]);
  });

  it('changes the flags and count the single-video answer shows', async () => {
    const id = await insertVideo(t, owner.user._id);
    const read = async () =>
      (await api('GET', `/videos/vid-id/${id}`, { cookie: fan.cookie })).json().data;
    expect(await read()).toMatchObject({
      likesCount: 0,
      isLikedByUser: false,
      isDislikedByUser: false,
    });
    await toggle(id, 'like', fan.cookie);
    expect(await read()).toMatchObject({
      likesCount: 1,
      isLikedByUser: true,
      isDislikedByUser: false,
    });
    await toggle(id, 'dislike', fan.cookie);
    expect(await read()).toMatchObject({
      likesCount: 0,
      isLikedByUser: false,
      isDislikedByUser: true,
    });
  });

  it('stays one row per user and target under concurrent identical toggles', async () => {
    const id = await insertVideo(t, owner.user._id);
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => toggle(id, 'like', fan.cookie)),
    );
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    // Ten toggles apply one after another: five ended liked, five ended cleared.
    expect(burst.filter((r) => r.json().isLikedByUser)).toHaveLength(5);
    expect(await likeRows(id)).toEqual([]);

    const odd = await Promise.all(Array.from({ length: 7 }, () => toggle(id, 'like', fan.cookie)));
    expect(odd.every((r) => r.statusCode === 200)).toBe(true);
    expect(await likeRows(id)).toEqual([{ user_id: fan.user._id, kind: 'like' }]);
    const after = (await api('GET', `/videos/vid-id/${id}`, { cookie: fan.cookie })).json().data;
    expect(after).toMatchObject({ likesCount: 1, isLikedByUser: true });
  });

  it('keeps like and dislike exclusive under concurrent mixes', async () => {
    const id = await insertVideo(t, owner.user._id);
    const users = [fan, third, owner];
    const calls = Array.from({ length: 24 }, (_, i) =>
      toggle(id, i % 3 === 0 ? 'dislike' : 'like', users[i % users.length]!.cookie),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    for (const r of results) {
      const body = r.json();
      expect(body.isLikedByUser && body.isDislikedByUser).toBe(false);
      expect(body.totalLikes).toBeGreaterThanOrEqual(0);
      expect(body.totalLikes).toBeLessThanOrEqual(3);
    }
    const rows = await likeRows(id);
    const perUser = new Set(rows.map((r) => r.user_id));
    expect(perUser.size).toBe(rows.length);
    const detail = (await api('GET', `/videos/vid-id/${id}`)).json().data;
    expect(detail.likesCount).toBe(rows.filter((r) => r.kind === 'like').length);

    // Mixed like/dislike from one user: whatever the order, at most one row, never both flags.
    const mixed = await Promise.all(
      Array.from({ length: 10 }, (_, i) => toggle(id, i % 2 ? 'like' : 'dislike', fan.cookie)),
    );
    expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
    expect(
      (await likeRows(id)).filter((r) => r.user_id === fan.user._id).length,
    ).toBeLessThanOrEqual(1);
  });

  it('keeps a comment’s like count equal to its likes through concurrent toggles', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    const c = (
      await api('POST', `/comments/createcomments/u/${videoId}`, {
        cookie: owner.cookie,
        payload: { content: 'Count me' },
      })
    ).json().data;
    const users = [owner, fan, third];
    // Likes, dislikes, switches and removals from three users at once, twice over.
    for (let round = 0; round < 2; round += 1) {
      const calls = Array.from({ length: 21 }, (_, i) =>
        toggle(c._id, i % 4 === 0 ? 'dislike' : 'like', users[i % users.length]!.cookie, 'Comment'),
      );
      expect((await Promise.all(calls)).every((r) => r.statusCode === 200)).toBe(true);
      const likes = (await likeRows(c._id)).filter((r) => r.kind === 'like').length;
      const listed = (await api('GET', `/comments/getvideocomments/u/${videoId}`)).json().data;
      expect(listed[0]).toMatchObject({ _id: c._id, likesCount: likes });
    }
    // Every like gone: back to zero, never below.
    await t.database.db.deleteFrom('likes').where('target_id', '=', c._id).execute();
    const listed = (await api('GET', `/comments/getvideocomments/u/${videoId}`)).json().data;
    expect(listed[0].likesCount).toBe(0);
  });

  it('likes comments and replies the same way', async () => {
    const videoId = await insertVideo(t, owner.user._id);
    const c = (
      await api('POST', `/comments/createcomments/u/${videoId}`, {
        cookie: owner.cookie,
        payload: { content: 'Like me please' },
      })
    ).json().data;
    expect((await toggle(c._id, 'like', fan.cookie, 'Comment')).json()).toMatchObject({
      isLikedByUser: true,
      totalLikes: 1,
    });
    // A comment id is not a video id: the content type decides which target is meant.
    expect((await toggle(c._id, 'like', fan.cookie, 'Video')).statusCode).toBe(404);
    expect((await toggle(videoId, 'like', fan.cookie, 'Comment')).statusCode).toBe(404);
    // A comment is visible exactly when its video is.
    await t.database.db
      .updateTable('videos')
      .set({ visibility: 'private' })
      .where('id', '=', videoId)
      .execute();
    expect((await toggle(c._id, 'dislike', fan.cookie, 'Comment')).statusCode).toBe(404);
    expect((await toggle(c._id, 'dislike', owner.cookie, 'Comment')).statusCode).toBe(200);
  });

  it('refuses visitors, bad types, unknown and invisible targets', async () => {
    const id = await insertVideo(t, owner.user._id);
    expect((await toggle(id, 'like', undefined)).statusCode).toBe(401);
    expect((await toggle(id, 'love', fan.cookie)).statusCode).toBe(400);
    expect((await toggle(id, 'like', fan.cookie, 'Playlist')).statusCode).toBe(400);
    const noBody = await api('POST', `/toggle/like-dislike/${id}/like`, { cookie: fan.cookie });
    expect(noBody.statusCode).toBe(400);
    for (const bad of [newId(), 'nope', '0'.repeat(24)]) {
      expect((await toggle(bad, 'like', fan.cookie)).statusCode).toBe(404);
      expect((await toggle(bad, 'dislike', fan.cookie, 'Comment')).statusCode).toBe(404);
    }
    const hidden = await insertVideo(t, owner.user._id, { visibility: 'private' });
    expect((await toggle(hidden, 'like', fan.cookie)).statusCode).toBe(404);
    expect((await toggle(hidden, 'like', owner.cookie)).statusCode).toBe(200);
    const unlisted = await insertVideo(t, owner.user._id, { visibility: 'unlisted' });
    expect((await toggle(unlisted, 'like', fan.cookie)).statusCode).toBe(200);
    expect(await likeRows(hidden)).toEqual([{ user_id: owner.user._id, kind: 'like' }]);
  });
});

describe('GET /toggle/getlikedvideos', () => {
  it('lists liked videos newest like first, without dislikes or others’ private videos', async () => {
    const user = await signedInUser(t.server, 'liker');
    const empty = await api('GET', '/toggle/getlikedvideos', { cookie: user.cookie });
    expect(empty.json()).toMatchObject({
      success: true,
      data: [],
      totalVideoLikes: 0,
      lastUpdated: null,
    });

    const a = await insertVideo(t, owner.user._id, { title: 'Video A' });
    const b = await insertVideo(t, owner.user._id, { title: 'Video B' });
    const disliked = await insertVideo(t, owner.user._id);
    const goesPrivate = await insertVideo(t, owner.user._id);
    const ownPrivate = await insertVideo(t, user.user._id, { visibility: 'private' });
    for (const id of [b, goesPrivate, a, ownPrivate]) {
      expect((await toggle(id, 'like', user.cookie)).statusCode).toBe(200);
      clock.advance();
    }
    await toggle(disliked, 'dislike', user.cookie);
    await t.database.db
      .updateTable('videos')
      .set({ visibility: 'private' })
      .where('id', '=', goesPrivate)
      .execute();

    const res = await api('GET', '/toggle/getlikedvideos', { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((v: { _id: string }) => v._id)).toEqual([ownPrivate, a, b]);
    expect(body.totalVideoLikes).toBe(3);
    expect(body.data[1]).toMatchObject({
      title: 'Video A',
      owner: { _id: owner.user._id, username: owner.username },
      isPublished: true,
    });
    const newest = await t.database.db
      .selectFrom('likes')
      .select('created_at')
      .where('user_id', '=', user.user._id)
      .where('target_id', '=', ownPrivate)
      .executeTakeFirstOrThrow();
    expect(body.lastUpdated).toBe(new Date(Number(newest.created_at)).toISOString());

    // Liking again moves a video to the top; unliking removes it.
    await toggle(b, 'like', user.cookie);
    clock.advance();
    await toggle(b, 'like', user.cookie);
    await toggle(a, 'like', user.cookie);
    const after = (await api('GET', '/toggle/getlikedvideos', { cookie: user.cookie })).json();
    expect(after.data.map((v: { _id: string }) => v._id)).toEqual([b, ownPrivate]);
    const paged = (
      await api('GET', '/toggle/getlikedvideos?page=2&limit=1', { cookie: user.cookie })
    ).json();
    expect(paged.data.map((v: { _id: string }) => v._id)).toEqual([ownPrivate]);
    expect(paged.totalVideoLikes).toBe(2);
  });

  it('follows a liked video through private and back, in the page and in the total', async () => {
    const user = await signedInUser(t.server, 'follower');
    const traveller = await insertVideo(t, owner.user._id, { visibility: 'unlisted' });
    const stays = await insertVideo(t, owner.user._id);
    const own = await insertVideo(t, user.user._id);
    for (const id of [stays, traveller, own]) {
      expect((await toggle(id, 'like', user.cookie)).statusCode).toBe(200);
      clock.advance();
    }
    // Another user's like of the same video, to show each liker's flag is their own.
    expect((await toggle(traveller, 'like', owner.cookie)).statusCode).toBe(200);
    const liked = async (who = user) => {
      const body = (await api('GET', '/toggle/getlikedvideos', { cookie: who.cookie })).json();
      return { ids: body.data.map((v: { _id: string }) => v._id), total: body.totalVideoLikes };
    };
    const setVisibility = (id: string, visibility: 'private' | 'unlisted' | 'public') =>
      t.database.db.updateTable('videos').set({ visibility }).where('id', '=', id).execute();

    expect(await liked()).toEqual({ ids: [own, traveller, stays], total: 3 });
    await setVisibility(traveller, 'private');
    await setVisibility(own, 'private');
    expect(await liked()).toEqual({ ids: [own, stays], total: 2 });
    // Its owner still sees their own private video among their likes.
    expect((await liked(owner)).ids).toContain(traveller);
    await setVisibility(traveller, 'public');
    expect(await liked()).toEqual({ ids: [own, traveller, stays], total: 3 });
    await setVisibility(traveller, 'unlisted');
    expect(await liked()).toEqual({ ids: [own, traveller, stays], total: 3 });
  });

  it('keeps each liker’s total right while likes race visibility changes', async () => {
    const likers = await Promise.all(
      ['racer1', 'racer2', 'racer3', 'racer4'].map((name) => signedInUser(t.server, name)),
    );
    const id = await insertVideo(t, owner.user._id);
    const setVisibility = (visibility: 'private' | 'public') =>
      t.database.db.updateTable('videos').set({ visibility }).where('id', '=', id).execute();
    const toggles = Array.from({ length: 16 }, (_, i) =>
      toggle(id, 'like', likers[i % likers.length]!.cookie),
    );
    const flips = ['private', 'public', 'private', 'public'].map((v) =>
      setVisibility(v as 'private' | 'public'),
    );
    const [results] = await Promise.all([Promise.all(toggles), Promise.all(flips)]);
    // A toggle that found the video private is refused; none fails half-way.
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);

    for (const visibility of ['private', 'public'] as const) {
      await setVisibility(visibility);
      for (const who of likers) {
        const body = (await api('GET', '/toggle/getlikedvideos', { cookie: who.cookie })).json();
        const rows = await t.database.db
          .selectFrom('likes')
          .select('kind')
          .where('user_id', '=', who.user._id)
          .where('target_id', '=', id)
          .execute();
        const likes = visibility === 'public' ? rows.filter((r) => r.kind === 'like').length : 0;
        expect(body.totalVideoLikes).toBe(likes);
        expect(body.data).toHaveLength(likes);
      }
    }
    const likes = await t.database.db
      .selectFrom('likes')
      .select('kind')
      .where('target_id', '=', id)
      .where('kind', '=', 'like')
      .execute();
    const detail = (await api('GET', `/videos/vid-id/${id}`)).json().data;
    expect(detail.likesCount).toBe(likes.length);
  });

  it('requires sign-in', async () => {
    expect((await api('GET', '/toggle/getlikedvideos')).statusCode).toBe(401);
  });
});
