import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { signedInUser } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * While a viewer's history is paused nothing about what they watch is kept for them: the
 * heartbeat stores no position, then or afterwards. The owner's watch time still counts, each
 * second once, from a baseline in the database that every server process shares, that nothing
 * serves, and that resuming or clearing the history empties.
 */
const T0 = Date.UTC(2026, 4, 20, 12);
const DAY_MS = 86_400_000;
let clock = T0;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  owner = await signedInUser(t.server, 'owner');
});
afterAll(async () => {
  await t?.close();
});

const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);

/** A heartbeat at `clock`, answered by `server` (this test's app unless another is given). */
async function beatNow(videoId: string, cookie: string, position: number, server = t.server) {
  const res = await server.inject({
    method: 'POST',
    url: `/api/v1/videos/${videoId}/progress`,
    headers: { cookie },
    payload: { position },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { position: number; countedSeconds: number };
}

function beat(
  videoId: string,
  cookie: string,
  position: number,
  at: number,
  server?: FastifyInstance,
) {
  clock = at;
  return beatNow(videoId, cookie, position, server);
}

const positions = async (videoId: string, cookie: string) =>
  (await api('GET', `/users/history/positions?ids=${videoId}`, { cookie })).json().data;

async function setPaused(cookie: string, paused: boolean) {
  expect(
    (await api('PUT', '/users/history/paused', { cookie, payload: { paused } })).statusCode,
  ).toBe(200);
}

async function watchMs(videoId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('video_watch_time')
    .select('watch_ms')
    .where('video_id', '=', videoId)
    .execute();
  return rows.reduce((sum, r) => sum + Number(r.watch_ms), 0);
}

const storedPositions = (userId: string) =>
  t.database.db
    .selectFrom('watch_progress')
    .select(['video_id', 'position'])
    .where('user_id', '=', userId)
    .execute();

const baselines = (userId: string) =>
  t.database.db
    .selectFrom('paused_watch_heartbeats')
    .select(['video_id', 'position'])
    .where('user_id', '=', userId)
    .execute();

/** A paused viewer and a video of the owner's. */
async function pausedViewer(prefix: string) {
  const viewer = await signedInUser(t.server, prefix);
  const id = await insertVideo(t, owner.user._id, { duration: 300 });
  await setPaused(viewer.cookie, true);
  return { viewer, id };
}

/** Another app on the same database, as another server process (or machine) would be. */
async function anotherServer() {
  const database = t.reopen();
  const app = await buildApp({ config: t.config, database, blobs: t.blobs, now: () => clock });
  await app.server.ready();
  return {
    server: app.server,
    close: async () => {
      await app.server.close();
      await database.close();
    },
  };
}

describe('heartbeats while history is paused', () => {
  it('store no position, still count watch time, and store again once resumed', async () => {
    const { viewer, id } = await pausedViewer('paused');

    expect(await beat(id, viewer.cookie, 1, T0)).toEqual({ position: 1, countedSeconds: 0 });
    expect(await beat(id, viewer.cookie, 6, T0 + 5000)).toEqual({ position: 6, countedSeconds: 5 });
    expect(await positions(id, viewer.cookie)).toEqual([]);
    expect(await storedPositions(viewer.user._id)).toEqual([]);
    // The player starts from the beginning next time.
    const resume = await api('GET', `/videos/${id}/progress`, { cookie: viewer.cookie });
    expect(resume.json().data).toEqual({ position: 0 });
    // The owner's analytics are an aggregate, not the viewer's history: they still count.
    expect(await watchMs(id)).toBe(5000);

    await setPaused(viewer.cookie, false);
    // Nothing watched while paused shows up after resuming, and nothing of it is kept.
    expect(await positions(id, viewer.cookie)).toEqual([]);
    expect(await baselines(viewer.user._id)).toEqual([]);
    await beat(id, viewer.cookie, 40, T0 + 60_000);
    expect(await positions(id, viewer.cookie)).toEqual([{ videoId: id, position: 40 }]);
    expect(
      (await api('GET', `/videos/${id}/progress`, { cookie: viewer.cookie })).json().data,
    ).toEqual({ position: 40 });
    // Heartbeats after resuming write no baseline either.
    expect(await baselines(viewer.user._id)).toEqual([]);
  });

  it('leave a position stored before pausing as it was', async () => {
    const viewer = await signedInUser(t.server, 'before');
    const id = await insertVideo(t, owner.user._id, { duration: 300 });
    await beat(id, viewer.cookie, 20, T0);
    await setPaused(viewer.cookie, true);
    await beat(id, viewer.cookie, 120, T0 + 10_000);
    await beat(id, viewer.cookie, 125, T0 + 15_000);
    expect(await positions(id, viewer.cookie)).toEqual([{ videoId: id, position: 20 }]);
    expect(await storedPositions(viewer.user._id)).toEqual([{ video_id: id, position: 20 }]);
  });

  it('credit no paused second again after resuming: a position from before the pause is no baseline', async () => {
    const viewer = await signedInUser(t.server, 'unpause');
    const id = await insertVideo(t, owner.user._id, { duration: 300 });
    await beat(id, viewer.cookie, 20, T0);
    await setPaused(viewer.cookie, true);
    // 10 s watched while paused, credited from the paused baseline.
    await beat(id, viewer.cookie, 100, T0 + 60_000);
    expect(await beat(id, viewer.cookie, 110, T0 + 70_000)).toEqual({
      position: 110,
      countedSeconds: 10,
    });
    clock = T0 + 72_000;
    await setPaused(viewer.cookie, false);
    // The first heartbeat after resuming only sets the baseline: measured from the position
    // stored before the pause, it would credit the same paused seconds again.
    expect(await beat(id, viewer.cookie, 120, T0 + 80_000)).toEqual({
      position: 120,
      countedSeconds: 0,
    });
    expect(await beat(id, viewer.cookie, 125, T0 + 85_000)).toEqual({
      position: 125,
      countedSeconds: 5,
    });
    expect(await watchMs(id)).toBe(15_000);
    // Resuming a history that was not paused moves no baseline.
    clock = T0 + 86_000;
    await setPaused(viewer.cookie, false);
    expect(await beat(id, viewer.cookie, 130, T0 + 90_000)).toEqual({
      position: 130,
      countedSeconds: 5,
    });
    // Pausing and resuming again: the position stored after the first resume is before the second.
    await setPaused(viewer.cookie, true);
    clock = T0 + 95_000;
    await setPaused(viewer.cookie, false);
    expect(await beat(id, viewer.cookie, 140, T0 + 100_000)).toEqual({
      position: 140,
      countedSeconds: 0,
    });
    expect(await watchMs(id)).toBe(20_000);
  });

  it('credit seconds once when two heartbeats arrive together', async () => {
    const { viewer, id } = await pausedViewer('together');
    await beat(id, viewer.cookie, 10, T0);
    clock = T0 + 5000;
    const answers = await Promise.all([
      beatNow(id, viewer.cookie, 15),
      beatNow(id, viewer.cookie, 15),
    ]);
    expect(answers.map((a) => a.countedSeconds).sort()).toEqual([0, 5]);
    expect(await watchMs(id)).toBe(5000);
  });

  it('credit seconds once across server processes sharing the database, and after a restart', async () => {
    const { viewer, id } = await pausedViewer('spread');
    const b = await anotherServer();
    try {
      // Heartbeats alternate between the two, as behind a load balancer.
      await beat(id, viewer.cookie, 1, T0);
      await beat(id, viewer.cookie, 6, T0 + 5000, b.server);
      await beat(id, viewer.cookie, 11, T0 + 10_000);
      await beat(id, viewer.cookie, 16, T0 + 15_000, b.server);
      expect(await watchMs(id)).toBe(15_000);
      // Both at once, one on each.
      clock = T0 + 20_000;
      const answers = await Promise.all([
        beatNow(id, viewer.cookie, 21),
        beatNow(id, viewer.cookie, 21, b.server),
      ]);
      expect(answers.map((a) => a.countedSeconds).sort()).toEqual([0, 5]);
      expect(await watchMs(id)).toBe(20_000);
    } finally {
      await b.close();
    }
    // A server that starts afresh credits from the same baseline.
    const c = await anotherServer();
    try {
      expect(await beat(id, viewer.cookie, 26, T0 + 25_000, c.server)).toEqual({
        position: 26,
        countedSeconds: 5,
      });
    } finally {
      await c.close();
    }
    expect(await watchMs(id)).toBe(25_000);
    expect(await storedPositions(viewer.user._id)).toEqual([]);
  });

  it('keep a baseline no endpoint serves, not even the export', async () => {
    const { viewer, id } = await pausedViewer('unserved');
    await beat(id, viewer.cookie, 211.375, T0);
    await beat(id, viewer.cookie, 217.375, T0 + 6000);
    expect(await baselines(viewer.user._id)).toEqual([{ video_id: id, position: 217.375 }]);
    const answers = await Promise.all(
      [
        `/videos/${id}/progress`,
        `/users/history/positions?ids=${id}`,
        '/users/history',
        '/users/me/export',
        `/videos/vid-id/${id}`,
      ].map((url) => api('GET', url, { cookie: viewer.cookie })),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('217.375');
      expect(res.body).not.toContain('211.375');
    }
    expect(answers[2]!.json().data).toEqual([]);
  });

  it('are forgotten when the history is resumed, even by a heartbeat racing the resume', async () => {
    const { viewer, id } = await pausedViewer('resumed');
    const other = await insertVideo(t, owner.user._id, { duration: 300 });
    await beat(id, viewer.cookie, 5, T0);
    await beat(other, viewer.cookie, 5, T0);
    expect(await baselines(viewer.user._id)).toHaveLength(2);
    clock = T0 + 5000;
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => beatNow(id, viewer.cookie, 6 + i)),
      setPaused(viewer.cookie, false),
    ]);
    expect(await baselines(viewer.user._id)).toEqual([]);
    // Pausing again starts from no baseline: the first heartbeat only sets it.
    await setPaused(viewer.cookie, true);
    expect(await beat(other, viewer.cookie, 9, T0 + 9000)).toEqual({
      position: 9,
      countedSeconds: 0,
    });
  });

  it('are forgotten when the history is cleared', async () => {
    const { viewer, id } = await pausedViewer('cleared');
    await beat(id, viewer.cookie, 5, T0);
    expect(await baselines(viewer.user._id)).toHaveLength(1);
    expect((await api('DELETE', '/users/history', { cookie: viewer.cookie })).statusCode).toBe(200);
    expect(await baselines(viewer.user._id)).toEqual([]);
  });

  it('go with the video and with the account', async () => {
    const { viewer, id } = await pausedViewer('leaving');
    const kept = await insertVideo(t, owner.user._id, { duration: 300 });
    await beat(id, viewer.cookie, 5, T0);
    await beat(kept, viewer.cookie, 5, T0);
    const gone = await api('DELETE', `/videos/deletevid/${id}`, { cookie: owner.cookie });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await baselines(viewer.user._id)).toEqual([{ video_id: kept, position: 5 }]);
    const left = await api('DELETE', '/users/me', {
      cookie: viewer.cookie,
      payload: { password: viewer.password },
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await baselines(viewer.user._id)).toEqual([]);
  });

  it('let the account go while its heartbeats are on their way', async () => {
    const { viewer } = await pausedViewer('racing');
    const ids = await Promise.all(
      Array.from({ length: 4 }, () => insertVideo(t, owner.user._id, { duration: 300 })),
    );
    clock = T0;
    const heartbeats = ids.map((id) =>
      api('POST', `/videos/${id}/progress`, { cookie: viewer.cookie, payload: { position: 5 } }),
    );
    const left = api('DELETE', '/users/me', {
      cookie: viewer.cookie,
      payload: { password: viewer.password },
    });
    expect((await left).statusCode).toBe(200);
    // Each heartbeat either came before the deletion or finds the account gone; none fails.
    for (const res of await Promise.all(heartbeats))
      expect([200, 401, 404]).toContain(res.statusCode);
    expect(await baselines(viewer.user._id)).toEqual([]);
  });

  it('are pruned by housekeeping a day after the last heartbeat', async () => {
    const { viewer, id } = await pausedViewer('pruned');
    const recent = await insertVideo(t, owner.user._id, { duration: 300 });
    await beat(id, viewer.cookie, 5, T0);
    await beat(recent, viewer.cookie, 5, T0 + DAY_MS);
    clock = T0 + DAY_MS + 1000;
    await t.app.services.progress.prune();
    expect(await baselines(viewer.user._id)).toEqual([{ video_id: recent, position: 5 }]);
  });
});
