import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { newId } from '../src/lib/ids.js';

const DAY = 86_400_000;
// 2026-05-20, 23:59:50 UTC: ten seconds before midnight.
const T0 = Date.UTC(2026, 4, 20, 23, 59, 50);

let clock = T0;
let t: TestApp;
type Session = Awaited<ReturnType<typeof signedInUser>>;
let owner: Session;
let viewer: Session;

const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  owner = await signedInUser(t.server, 'owner');
  viewer = await signedInUser(t.server, 'viewer');
});
afterAll(async () => {
  await t?.close();
});

async function beat(videoId: string, position: unknown, at: number, who = viewer) {
  clock = at;
  return api('POST', `/videos/${videoId}/progress`, { cookie: who.cookie, payload: { position } });
}

async function resumeAt(videoId: string, who = viewer) {
  const r = await api('GET', `/videos/${videoId}/progress`, { cookie: who.cookie });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.position as number;
}

async function watchRows(videoId: string) {
  const rows = await t.database.db
    .selectFrom('video_watch_time')
    .select(['day', 'watch_ms'])
    .where('video_id', '=', videoId)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: Number(r.day), watch_ms: Number(r.watch_ms) }));
}

describe('POST /videos/{id}/progress', () => {
  it('credits what was watched, bounded by the time that passed, per UTC day', async () => {
    const id = await insertVideo(t, owner.user._id, { duration: 300 });
    const first = await beat(id, 0, T0);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ position: 0, countedSeconds: 0 });
    // 5 s later, 5 s further: all of it.
    expect((await beat(id, 5, T0 + 5000)).json().data).toEqual({ position: 5, countedSeconds: 5 });
    // After midnight: a jump of 60 s in 5 s of wall time is capped at 5 + 1.
    expect((await beat(id, 65, T0 + 10_000)).json().data.countedSeconds).toBe(6);
    // Rapid reports earn at most a quarter of the tiny elapsed time.
    expect((await beat(id, 70, T0 + 10_100)).json().data.countedSeconds).toBe(0.125);
    // Seeking back counts nothing but moves the position.
    expect((await beat(id, 20, T0 + 15_000)).json().data).toEqual({
      position: 20,
      countedSeconds: 0,
    });
    // A long pause, then 3 s of play: 3 s, not the pause.
    expect((await beat(id, 23, T0 + 3_600_000)).json().data.countedSeconds).toBe(3);
    // A heartbeat after a long absence that claims a big jump gets the per-heartbeat maximum.
    expect((await beat(id, 290, T0 + 2 * 3_600_000)).json().data.countedSeconds).toBe(30);

    const day0 = Math.floor(T0 / DAY);
    expect(await watchRows(id)).toEqual([
      { day: day0, watch_ms: 5000 },
      { day: day0 + 1, watch_ms: 6000 + 125 + 3000 + 30_000 },
    ]);
  });

  it('answers the analytics of the video’s owner with that watch time', async () => {
    const id = await insertVideo(t, owner.user._id, { duration: 120 });
    await beat(id, 10, T0 + DAY);
    await beat(id, 14, T0 + DAY + 4000);
    await beat(id, 22, T0 + DAY + 12_000);
    clock = T0 + DAY + 20_000;
    const r = await api('GET', `/studio/analytics?range=7&videoId=${id}`, { cookie: owner.cookie });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.totals).toEqual({ views: 0, watchTimeSeconds: 12 });
  });

  it('refuses positions outside 0 … duration + 1', async () => {
    const id = await insertVideo(t, owner.user._id, { duration: 10 });
    expect((await beat(id, 11, T0)).statusCode).toBe(200);
    for (const position of [-1, 11.5, 'ten', null]) {
      const r = await beat(id, position, T0 + 1000);
      expect(r.statusCode, String(position)).toBe(400);
      expect(r.json()).toMatchObject({ success: false });
      expect(r.json().errors[0]).toMatchObject({ field: 'position' });
    }
    const r = await api('POST', `/videos/${id}/progress`, { cookie: viewer.cookie, payload: {} });
    expect(r.statusCode).toBe(400);
  });

  it('follows the video’s visibility: a private video is 404 to others, fine for its owner', async () => {
    const priv = await insertVideo(t, owner.user._id, { visibility: 'private', duration: 60 });
    const unlisted = await insertVideo(t, owner.user._id, { visibility: 'unlisted', duration: 60 });
    expect((await beat(priv, 3, T0)).statusCode).toBe(404);
    expect(
      (await api('GET', `/videos/${priv}/progress`, { cookie: viewer.cookie })).statusCode,
    ).toBe(404);
    expect((await beat(priv, 3, T0, owner)).statusCode).toBe(200);
    expect((await beat(unlisted, 3, T0)).statusCode).toBe(200);
    for (const id of [newId(), 'nope']) {
      expect((await beat(id, 3, T0)).statusCode).toBe(404);
      expect(
        (await api('GET', `/videos/${id}/progress`, { cookie: viewer.cookie })).statusCode,
      ).toBe(404);
    }
  });

  it('answers 401 when signed out, before looking at the body', async () => {
    const id = await insertVideo(t, owner.user._id);
    const post = await api('POST', `/videos/${id}/progress`, { payload: { position: -5 } });
    expect(post.statusCode).toBe(401);
    expect((await api('GET', `/videos/${id}/progress`)).statusCode).toBe(401);
  });

  it('credits concurrent heartbeats from the same baseline once', async () => {
    const id = await insertVideo(t, owner.user._id, { duration: 300 });
    await beat(id, 0, T0);
    clock = T0 + 5000;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api('POST', `/videos/${id}/progress`, { cookie: viewer.cookie, payload: { position: 5 } }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const credited = answers.reduce((n, r) => n + r.json().data.countedSeconds, 0);
    expect(credited).toBe(5);
    expect(await watchRows(id)).toEqual([{ day: Math.floor(T0 / DAY), watch_ms: 5000 }]);
  });
});

describe('GET /videos/{id}/progress', () => {
  it('resumes where the viewer stopped, per viewer, and restarts a finished video', async () => {
    const id = await insertVideo(t, owner.user._id, { duration: 200 });
    expect(await resumeAt(id)).toBe(0);
    await beat(id, 0, T0);
    await beat(id, 42.5, T0 + 60_000);
    expect(await resumeAt(id)).toBe(42.5);
    // Someone else's position is their own.
    expect(await resumeAt(id, owner)).toBe(0);
    // Within the last 5 % (10 s of 200): finished, so start over.
    await beat(id, 189.9, T0 + 120_000);
    expect(await resumeAt(id)).toBe(189.9);
    await beat(id, 190, T0 + 125_000);
    expect(await resumeAt(id)).toBe(0);
  });

  it('goes away with the video', async () => {
    const id = await insertVideo(t, viewer.user._id, { duration: 100 });
    await beat(id, 0, T0);
    await beat(id, 5, T0 + 5000);
    const del = await api('DELETE', `/videos/deletevid/${id}`, { cookie: viewer.cookie });
    expect(del.statusCode).toBe(200);
    expect(await watchRows(id)).toEqual([]);
    const left = await t.database.db
      .selectFrom('watch_progress')
      .select('user_id')
      .where('video_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect((await api('GET', `/videos/${id}/progress`, { cookie: viewer.cookie })).statusCode).toBe(
      404,
    );
  });
});
