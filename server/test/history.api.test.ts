import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';
import { apiCall, type Method } from './helpers/api-client.js';

/** Watch history: written by counted views, read, searched, paused and removed by its owner. */
let t: TestApp;
let now = Date.UTC(2026, 2, 1, 12);
let owner: Awaited<ReturnType<typeof signedInUser>>;
let viewer: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  // The injected clock orders the entries; views of one viewer count once an hour.
  t = await createTestApp({}, { now: () => now });
  owner = await signedInUser(t.server, 'owner');
  viewer = await signedInUser(t.server, 'viewer');
});
afterAll(async () => {
  await t.close();
});

const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);

async function watch(id: string, cookie: string, at: number) {
  now = at;
  const res = await api('POST', `/videos/increaseviews/${id}`, { cookie });
  expect(res.statusCode).toBe(200);
}

type Entry = { video: { _id: string; title: string }; watchedAt: string; position: number };
const ids = (data: Entry[]) => data.map((e) => e.video._id);

describe('watch history', () => {
  it('lists watched videos newest first, with when and where the viewer stopped', async () => {
    const first = await insertVideo(t, owner.user._id, {
      title: 'Mountain sunrise',
      duration: 100,
    });
    const second = await insertVideo(t, owner.user._id, { title: 'Sea water', duration: 100 });
    await watch(first, viewer.cookie, now + 1000);
    await watch(second, viewer.cookie, now + 1000);
    // Watching the first again moves it to the top; the heartbeat stores where they stopped.
    await watch(first, viewer.cookie, now + 60_000);
    const beat = await api('POST', `/videos/${first}/progress`, {
      cookie: viewer.cookie,
      payload: { position: 42 },
    });
    expect(beat.statusCode).toBe(200);

    const res = await api('GET', '/users/history', { cookie: viewer.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      totalEntries: 2,
      totalPages: 1,
      currentPage: 1,
      paused: false,
    });
    expect(ids(body.data)).toEqual([first, second]);
    expect(body.data[0]).toMatchObject({
      video: { _id: first, title: 'Mountain sunrise' },
      watchedAt: new Date(now).toISOString(),
      position: 42,
    });
    expect(body.data[1].position).toBe(0);

    // Pages and search within the history (title, case-insensitive, wildcards literal).
    const paged = (
      await api('GET', '/users/history?limit=1&page=2', { cookie: viewer.cookie })
    ).json();
    expect(ids(paged.data)).toEqual([second]);
    expect(paged.totalPages).toBe(2);
    const found = (await api('GET', '/users/history?q=SEA', { cookie: viewer.cookie })).json();
    expect(ids(found.data)).toEqual([second]);
    expect(found.totalEntries).toBe(1);
    const literal = (await api('GET', '/users/history?q=%25', { cookie: viewer.cookie })).json();
    expect(literal.data).toEqual([]);
  });

  it('is the viewer’s alone: others and visitors see nothing of it', async () => {
    const visitor = await api('GET', '/users/history');
    expect(visitor.statusCode).toBe(401);
    const other = (await api('GET', '/users/history', { cookie: owner.cookie })).json();
    expect(other.data).toEqual([]);
  });

  it('leaves out videos the viewer may no longer see, in the page and the count', async () => {
    const someone = await signedInUser(t.server, 'hist');
    const kept = await insertVideo(t, owner.user._id, { title: 'Kept' });
    const hidden = await insertVideo(t, owner.user._id, { title: 'Soon private' });
    const own = await insertVideo(t, someone.user._id, { title: 'Own private' });
    await watch(kept, someone.cookie, now + 1000);
    await watch(hidden, someone.cookie, now + 1000);
    await watch(own, someone.cookie, now + 1000);
    // Warm the card cache with both, then the owner makes one private.
    const before = (await api('GET', '/users/history', { cookie: someone.cookie })).json();
    expect(ids(before.data)).toEqual([own, hidden, kept]);
    // Watching their own video is in their history, though it counts no view.
    expect((await api('GET', `/videos/vid-id/${own}`)).json().data.views).toBe(0);
    const edit = await api('PATCH', `/videos/${hidden}`, {
      cookie: owner.cookie,
      payload: { visibility: 'private' },
    });
    expect(edit.statusCode).toBe(200);
    await api('PATCH', `/videos/${own}`, {
      cookie: someone.cookie,
      payload: { visibility: 'private' },
    });
    const after = (await api('GET', '/users/history', { cookie: someone.cookie })).json();
    // Their own private video stays; someone else's is gone, and so is its title.
    expect(ids(after.data)).toEqual([own, kept]);
    expect(after.totalEntries).toBe(2);
    expect(JSON.stringify(after)).not.toContain('Soon private');
  });

  it('records nothing while paused, and again once resumed', async () => {
    const someone = await signedInUser(t.server, 'pause');
    const a = await insertVideo(t, owner.user._id);
    const b = await insertVideo(t, owner.user._id);
    const paused = await api('PUT', '/users/history/paused', {
      cookie: someone.cookie,
      payload: { paused: true },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data).toEqual({ paused: true });
    expect(
      (await api('GET', '/users/history/paused', { cookie: someone.cookie })).json().data,
    ).toEqual({ paused: true });
    await watch(a, someone.cookie, now + 1000);
    let page = (await api('GET', '/users/history', { cookie: someone.cookie })).json();
    expect(page).toMatchObject({ data: [], totalEntries: 0, paused: true });
    // The view still counts for the channel.
    const video = (await api('GET', `/videos/vid-id/${a}`)).json().data;
    expect(video.views).toBe(1);

    await api('PUT', '/users/history/paused', {
      cookie: someone.cookie,
      payload: { paused: false },
    });
    await watch(b, someone.cookie, now + 1000);
    page = (await api('GET', '/users/history', { cookie: someone.cookie })).json();
    expect(ids(page.data)).toEqual([b]);
    expect(page.paused).toBe(false);

    const bad = await api('PUT', '/users/history/paused', {
      cookie: someone.cookie,
      payload: { paused: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'paused' });
  });

  it('removes one entry, or all of them, with where the viewer stopped', async () => {
    const someone = await signedInUser(t.server, 'forget');
    const a = await insertVideo(t, owner.user._id, { duration: 100 });
    const b = await insertVideo(t, owner.user._id, { duration: 100 });
    const c = await insertVideo(t, owner.user._id, { duration: 100 });
    for (const id of [a, b, c]) {
      await watch(id, someone.cookie, now + 1000);
      await api('POST', `/videos/${id}/progress`, {
        cookie: someone.cookie,
        payload: { position: 30 },
      });
    }
    const removed = await api('DELETE', `/users/history/${b}`, { cookie: someone.cookie });
    expect(removed.statusCode).toBe(200);
    let page = (await api('GET', '/users/history', { cookie: someone.cookie })).json();
    expect(ids(page.data)).toEqual([c, a]);
    const positions = (
      await api('GET', `/users/history/positions?ids=${a},${b},${c}`, { cookie: someone.cookie })
    ).json().data;
    expect(positions).toEqual(
      expect.arrayContaining([
        { videoId: a, position: 30 },
        { videoId: c, position: 30 },
      ]),
    );
    expect(positions).toHaveLength(2);

    // Not in the history (any more), or not an id: 404.
    expect(
      (await api('DELETE', `/users/history/${b}`, { cookie: someone.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await api('DELETE', '/users/history/nope', { cookie: someone.cookie })).statusCode,
    ).toBe(404);

    const cleared = await api('DELETE', '/users/history', { cookie: someone.cookie });
    expect(cleared.statusCode).toBe(200);
    page = (await api('GET', '/users/history', { cookie: someone.cookie })).json();
    expect(page.data).toEqual([]);
    const none = await api('GET', `/users/history/positions?ids=${a},${c}`, {
      cookie: someone.cookie,
    });
    expect(none.json().data).toEqual([]);
    // Nobody else's history was touched.
    expect(
      (await api('GET', '/users/history', { cookie: viewer.cookie })).json().totalEntries,
    ).toBe(2);
  });

  it('answers positions only for the viewer’s own, visible videos, and refuses bad id lists', async () => {
    const someone = await signedInUser(t.server, 'bars');
    const a = await insertVideo(t, owner.user._id, { duration: 100 });
    await watch(a, someone.cookie, now + 1000);
    await api('POST', `/videos/${a}/progress`, {
      cookie: someone.cookie,
      payload: { position: 12 },
    });
    const mine = await api('GET', `/users/history/positions?ids=${a}`, { cookie: someone.cookie });
    expect(mine.json().data).toEqual([{ videoId: a, position: 12 }]);
    const theirs = await api('GET', `/users/history/positions?ids=${a}`, { cookie: viewer.cookie });
    expect(theirs.json().data).toEqual([]);
    const bad = await api('GET', '/users/history/positions?ids=x,y', { cookie: someone.cookie });
    expect(bad.statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, '0')).join(',');
    const tooMany = await api('GET', `/users/history/positions?ids=${many}`, {
      cookie: someone.cookie,
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
