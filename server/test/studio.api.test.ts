import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { newId } from '../src/lib/ids.js';

/**
 * Every number below is worked out by hand from events placed at known times: views inserted
 * with fixed timestamps, subscriptions, likes, comments and heartbeats through the real
 * endpoints with the app's clock set to known instants.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
// Wednesday 2026-03-11, 12:00 UTC.
const NOW = Date.UTC(2026, 2, 11, 12);
const TODAY = Math.floor(NOW / DAY);
const dayStart = (daysAgo: number) => (TODAY - daysAgo) * DAY;
const dayEnd = (daysAgo: number) => (TODAY - daysAgo + 1) * DAY - 1;
const date = (daysAgo: number) => new Date(dayStart(daysAgo)).toISOString().slice(0, 10);

let clock = NOW;
let t: TestApp;
type Session = Awaited<ReturnType<typeof signedInUser>>;
let creator: Session;
let a: Session;
let b: Session;
let c: Session;
let d: Session;
let stranger: Session;
const ids = { A: '', B: '', C: '', S: '' };

const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);

async function at<T>(time: number, action: () => Promise<T>): Promise<T> {
  clock = time;
  try {
    return await action();
  } finally {
    clock = NOW;
  }
}

async function expectOk(response: Promise<LightMyRequestResponse>) {
  const r = await response;
  if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`);
  return r;
}

async function insertViews(videoId: string, times: number[]) {
  for (const viewed_at of times) {
    await t.database.db
      .insertInto('video_views')
      .values({ id: newId(viewed_at), video_id: videoId, viewer_id: null, viewed_at })
      .execute();
  }
}

const subscribe = (who: Session, time: number) =>
  at(time, () =>
    expectOk(api('POST', `/subscriptions/u/${creator.user._id}`, { cookie: who.cookie })),
  );

const comment = async (who: Session, videoId: string, content: string, time: number) =>
  (
    await at(time, () =>
      expectOk(
        api('POST', `/comments/createcomments/u/${videoId}`, {
          cookie: who.cookie,
          payload: { content },
        }),
      ),
    )
  ).json().data._id as string;

const beat = (who: Session, videoId: string, position: number, time: number) =>
  at(time, () =>
    expectOk(
      api('POST', `/videos/${videoId}/progress`, { cookie: who.cookie, payload: { position } }),
    ),
  );

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  creator = await signedInUser(t.server, 'creator');
  a = await signedInUser(t.server, 'viewa');
  b = await signedInUser(t.server, 'viewb');
  c = await signedInUser(t.server, 'viewc');
  d = await signedInUser(t.server, 'viewd');
  stranger = await signedInUser(t.server, 'stranger');

  // Views: A 5 rows, B 3 rows, C 1 counted through the endpoint, S (another channel) 1.
  ids.A = await insertVideo(t, creator.user._id, {
    title: 'Alpha tour',
    visibility: 'public',
    duration: 600,
    views: 5,
    created_at: dayStart(100),
  });
  ids.B = await insertVideo(t, creator.user._id, {
    title: 'bravo notes',
    visibility: 'unlisted',
    duration: 600,
    views: 3,
    created_at: dayStart(50),
  });
  ids.C = await insertVideo(t, creator.user._id, {
    title: 'Charlie draft',
    visibility: 'private',
    duration: 600,
    views: 0,
    created_at: dayStart(5),
  });
  ids.S = await insertVideo(t, stranger.user._id, {
    title: 'Someone else',
    visibility: 'public',
    duration: 600,
    views: 1,
    created_at: dayStart(3),
  });
  await insertViews(ids.A, [NOW - HOUR, NOW - 2 * HOUR, dayEnd(7), dayEnd(28), dayEnd(90)]);
  await insertViews(ids.B, [dayStart(6), dayStart(27), dayStart(89)]);
  await insertViews(ids.S, [NOW - HOUR]);
  await expectOk(api('POST', `/videos/increaseviews/${ids.C}`, { cookie: creator.cookie }));

  // Subscribers: d at -40 (+1); a, b at -10 (+2); a leaves at -3 (-1);
  // today c joins, b leaves and rejoins (+1). Now: d, b, c = 3.
  await subscribe(d, dayStart(40) + HOUR);
  await subscribe(a, dayStart(10) + HOUR);
  await subscribe(b, dayStart(10) + 2 * HOUR);
  await subscribe(a, dayStart(3) + HOUR);
  await subscribe(c, NOW - 3 * HOUR);
  await subscribe(b, NOW - 2 * HOUR);
  await subscribe(b, NOW - HOUR);

  // Likes: A has 2 likes and a dislike; C is liked by its owner; B has none.
  for (const [who, video, kind] of [
    [a, ids.A, 'like'],
    [b, ids.A, 'like'],
    [c, ids.A, 'dislike'],
    [creator, ids.C, 'like'],
  ] as const) {
    await expectOk(
      api('POST', `/toggle/like-dislike/${video}/${kind}`, {
        cookie: who.cookie,
        payload: { contentType: 'Video' },
      }),
    );
  }

  // Comments: A 3 (two and a reply), B 2, C 1; S has one that must never show.
  const c1 = await comment(a, ids.A, 'first comment on alpha', dayStart(3));
  await comment(b, ids.A, 'second comment on alpha', dayStart(2));
  await at(dayStart(1), () =>
    expectOk(
      api('POST', `/comments/replycomment/u/${c1}`, {
        cookie: creator.cookie,
        payload: { content: 'thanks for watching' },
      }),
    ),
  );
  await comment(b, ids.B, 'nice notes here', NOW - 3 * HOUR);
  await comment(creator, ids.C, 'note to self', NOW - 2 * HOUR);
  await comment(c, ids.B, 'latest comment', NOW - HOUR);
  await comment(a, ids.S, 'elsewhere entirely', NOW - 30 * 60_000);

  // Watch time. Yesterday on A: baseline, then 5 s and 5 s → 10 s.
  await beat(a, ids.A, 0, dayStart(1) + 10 * HOUR);
  await beat(a, ids.A, 5, dayStart(1) + 10 * HOUR + 5000);
  await beat(a, ids.A, 10, dayStart(1) + 10 * HOUR + 10_000);
  // Today on B: baseline, 5 s, then a seek to 100 within 5 s is capped at 5 + 1 → 11 s.
  await beat(b, ids.B, 0, NOW - 60_000);
  await beat(b, ids.B, 5, NOW - 55_000);
  await beat(b, ids.B, 100, NOW - 50_000);
  // Today on A: resumed at 10 (nothing new), then 4 s → 4 s. Today 15 s in all.
  await beat(a, ids.A, 10, NOW - 30_000);
  await beat(a, ids.A, 14, NOW - 26_000);
  // On another channel's video: never in the creator's numbers.
  await beat(a, ids.S, 0, NOW - 20_000);
  await beat(a, ids.S, 5, NOW - 15_000);
});

afterAll(async () => {
  await t?.close();
});

interface Day {
  date: string;
  views: number;
  watchTimeSeconds: number;
  netSubscribers?: number;
}

async function analytics(query: string, cookie = creator.cookie) {
  const r = await api('GET', `/studio/analytics${query}`, { cookie });
  expect(r.statusCode, r.body).toBe(200);
  const data = r.json().data as {
    range: number;
    from: string;
    to: string;
    videoId: string | null;
    days: Day[];
    totals: { views: number; watchTimeSeconds: number; netSubscribers?: number };
  };
  // Every day present, oldest first, and the totals are the sums of the days.
  expect(data.days).toHaveLength(data.range);
  expect(data.days[0]?.date).toBe(data.from);
  expect(data.days.at(-1)?.date).toBe(data.to);
  expect(data.to).toBe(date(0));
  data.days.forEach((day, i) => expect(day.date).toBe(date(data.range - 1 - i)));
  const sum = (key: 'views' | 'watchTimeSeconds' | 'netSubscribers') =>
    data.days.reduce((n, day) => n + (day[key] ?? 0), 0);
  expect(data.totals.views).toBe(sum('views'));
  expect(data.totals.watchTimeSeconds).toBe(sum('watchTimeSeconds'));
  if (data.videoId === null) expect(data.totals.netSubscribers).toBe(sum('netSubscribers'));
  const byDate = (daysAgo: number) => data.days.find((day) => day.date === date(daysAgo));
  return { ...data, byDate };
}

describe('GET /studio/analytics (channel)', () => {
  it('counts the last 7 days, today included, to the millisecond', async () => {
    const r = await analytics('?range=7');
    expect(r.range).toBe(7);
    expect(r.from).toBe(date(6));
    // Today: A twice + C through the endpoint; day -6 starts exactly at B's view; A's view at
    // the last millisecond of day -7 is outside.
    expect(r.byDate(0)).toEqual({
      date: date(0),
      views: 3,
      watchTimeSeconds: 15,
      netSubscribers: 1,
    });
    expect(r.byDate(1)).toEqual({
      date: date(1),
      views: 0,
      watchTimeSeconds: 10,
      netSubscribers: 0,
    });
    expect(r.byDate(3)).toMatchObject({ netSubscribers: -1 });
    expect(r.byDate(6)).toMatchObject({ views: 1 });
    expect(r.totals).toEqual({ views: 4, watchTimeSeconds: 25, netSubscribers: 0 });
  });

  it('defaults to 28 days and includes the boundaries of that range', async () => {
    const r = await analytics('');
    expect(r.range).toBe(28);
    expect(r.from).toBe(date(27));
    expect(r.byDate(7)).toMatchObject({ views: 1 });
    expect(r.byDate(10)).toMatchObject({ netSubscribers: 2 });
    expect(r.byDate(27)).toMatchObject({ views: 1 });
    expect(r.totals).toEqual({ views: 6, watchTimeSeconds: 25, netSubscribers: 2 });
  });

  it('90 days: the oldest day counts, the day before does not', async () => {
    const r = await analytics('?range=90');
    expect(r.from).toBe(date(89));
    expect(r.byDate(28)).toMatchObject({ views: 1 });
    expect(r.byDate(89)).toMatchObject({ views: 1 });
    expect(r.byDate(40)).toMatchObject({ netSubscribers: 1 });
    // The net change over a range longer than the channel's history is today's count.
    expect(r.totals).toEqual({ views: 8, watchTimeSeconds: 25, netSubscribers: 3 });
  });

  it('moves with the clock: a day later the window starts a day later', async () => {
    clock = NOW + DAY;
    try {
      const r = await api('GET', '/studio/analytics?range=7', { cookie: creator.cookie });
      const data = r.json().data;
      expect(data.from).toBe(date(5));
      expect(data.days.at(-1)).toEqual({
        date: date(-1),
        views: 0,
        watchTimeSeconds: 0,
        netSubscribers: 0,
      });
      // Day -6 (B's view) has left the window.
      expect(data.totals).toEqual({ views: 3, watchTimeSeconds: 25, netSubscribers: 0 });
    } finally {
      clock = NOW;
    }
  });

  it('shows a channel with nothing as zeros, not invented numbers', async () => {
    const empty = await signedInUser(t.server, 'empty');
    const r = await analytics('?range=7', empty.cookie);
    expect(r.days.every((day) => day.views === 0 && day.watchTimeSeconds === 0)).toBe(true);
    expect(r.totals).toEqual({ views: 0, watchTimeSeconds: 0, netSubscribers: 0 });
  });
});

describe('GET /studio/analytics?videoId=', () => {
  it('counts one video and leaves subscribers out', async () => {
    const r = await analytics(`?range=90&videoId=${ids.A}`);
    expect(r.videoId).toBe(ids.A);
    expect(r.byDate(0)).toEqual({ date: date(0), views: 2, watchTimeSeconds: 4 });
    expect(r.byDate(1)).toEqual({ date: date(1), views: 0, watchTimeSeconds: 10 });
    expect(r.days.every((day) => !('netSubscribers' in day))).toBe(true);
    expect(r.totals).toEqual({ views: 4, watchTimeSeconds: 14 });

    const week = await analytics(`?range=7&videoId=${ids.B}`);
    expect(week.totals).toEqual({ views: 1, watchTimeSeconds: 11 });
    const priv = await analytics(`?range=7&videoId=${ids.C}`);
    expect(priv.totals).toEqual({ views: 1, watchTimeSeconds: 0 });
  });

  it('answers 404 for another user’s video, a missing one and a malformed id', async () => {
    for (const videoId of [ids.S, newId(), 'not-an-id']) {
      const r = await api('GET', `/studio/analytics?videoId=${videoId}`, {
        cookie: creator.cookie,
      });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ success: false, message: 'Video not found.' });
    }
    // The owner of A asking is fine; its viewer asking is the same 404.
    const r = await api('GET', `/studio/analytics?videoId=${ids.A}`, { cookie: a.cookie });
    expect(r.statusCode).toBe(404);
  });

  it('refuses ranges other than 7, 28 and 90', async () => {
    for (const range of ['5', '30', 'abc', '0']) {
      const r = await api('GET', `/studio/analytics?range=${range}`, { cookie: creator.cookie });
      expect(r.statusCode).toBe(400);
      expect(r.json().success).toBe(false);
    }
  });
});

describe('GET /studio/dashboard', () => {
  it('summarises the channel with numbers that agree with analytics', async () => {
    const r = await api('GET', '/studio/dashboard', { cookie: creator.cookie });
    expect(r.statusCode).toBe(200);
    const data = r.json().data;
    expect(data.channel).toEqual({
      subscribersCount: 3,
      totalViews: 9,
      views28d: 6,
      newSubscribers28d: 2,
    });
    expect(data.latestVideo).toMatchObject({ views: 1, likes: 1, comments: 1 });
    expect(data.latestVideo.video).toMatchObject({
      _id: ids.C,
      visibility: 'private',
      isPublished: false,
      title: 'Charlie draft',
    });
    expect(data.topVideo).toMatchObject({ views: 5, likes: 2, comments: 3 });
    expect(data.topVideo.video).toMatchObject({ _id: ids.A, visibility: 'public' });
    expect(data.latestComments.map((x: { content: string }) => x.content)).toEqual([
      'latest comment',
      'note to self',
      'nice notes here',
      'thanks for watching',
      'second comment on alpha',
    ]);
    expect(data.latestComments[0]).toMatchObject({
      owner: { _id: c.user._id, username: c.username },
      video: { _id: ids.B, title: 'bravo notes' },
      createdAt: new Date(NOW - HOUR).toISOString(),
    });
    expect(data.latestComments[0].owner.avatar).toMatch(/^\/media\/images\//);
  });

  it('is empty, not invented, for a new channel', async () => {
    const r = await api('GET', '/studio/dashboard', { cookie: stranger.cookie });
    const data = r.json().data;
    expect(data.channel).toEqual({
      subscribersCount: 0,
      totalViews: 1,
      views28d: 1,
      newSubscribers28d: 0,
    });
    expect(data.latestVideo.video._id).toBe(ids.S);
    expect(data.latestComments).toHaveLength(1);

    const empty = await signedInUser(t.server, 'nothing');
    const none = (await api('GET', '/studio/dashboard', { cookie: empty.cookie })).json().data;
    expect(none).toEqual({
      channel: { subscribersCount: 0, totalViews: 0, views28d: 0, newSubscribers28d: 0 },
      latestVideo: null,
      topVideo: null,
      latestComments: [],
    });
  });
});

describe('GET /studio/videos', () => {
  const list = async (query: string, cookie = creator.cookie) => {
    const r = await api('GET', `/studio/videos${query}`, { cookie });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const order = async (query: string) =>
    (await list(query)).data.map((v: { _id: string }) => v._id);

  it('lists every one of the caller’s videos, newest first, with counts at the top level', async () => {
    const body = await list('');
    expect(body).toMatchObject({ success: true, totalVideos: 3, totalPages: 1, currentPage: 1 });
    expect(body.data.map((v: { _id: string }) => v._id)).toEqual([ids.C, ids.B, ids.A]);
    expect(body.data[2]).toMatchObject({
      _id: ids.A,
      title: 'Alpha tour',
      visibility: 'public',
      views: 5,
      duration: 600,
      likesCount: 2,
      commentsCount: 3,
      owner: { _id: creator.user._id },
    });
    expect(body.data[2].thumbnail).toMatch(/^\/media\/images\//);
    expect(body.data[1]).toMatchObject({ visibility: 'unlisted', likesCount: 0, commentsCount: 2 });
    expect(body.data[0]).toMatchObject({ visibility: 'private', likesCount: 1, commentsCount: 1 });
  });

  it('sorts by each field, both ways', async () => {
    expect(await order('?sortType=asc')).toEqual([ids.A, ids.B, ids.C]);
    expect(await order('?sortBy=views')).toEqual([ids.A, ids.B, ids.C]);
    expect(await order('?sortBy=views&sortType=asc')).toEqual([ids.C, ids.B, ids.A]);
    // Case-insensitive, A to Z by default.
    expect(await order('?sortBy=title')).toEqual([ids.A, ids.B, ids.C]);
    expect(await order('?sortBy=title&sortType=desc')).toEqual([ids.C, ids.B, ids.A]);
    expect(await order('?sortBy=likes')).toEqual([ids.A, ids.C, ids.B]);
    expect(await order('?sortBy=likes&sortType=asc')).toEqual([ids.B, ids.C, ids.A]);
    expect(await order('?sortBy=comments')).toEqual([ids.A, ids.B, ids.C]);
    expect(await order('?sortBy=comments&sortType=asc')).toEqual([ids.C, ids.B, ids.A]);
  });

  it('pages', async () => {
    const first = await list('?limit=2');
    expect(first.data.map((v: { _id: string }) => v._id)).toEqual([ids.C, ids.B]);
    expect(first).toMatchObject({ totalVideos: 3, totalPages: 2, currentPage: 1 });
    const second = await list('?limit=2&page=2');
    expect(second.data.map((v: { _id: string }) => v._id)).toEqual([ids.A]);
    expect(second).toMatchObject({ totalVideos: 3, totalPages: 2, currentPage: 2 });
    expect((await list('?limit=2&page=3')).data).toEqual([]);
  });

  it('shows each caller only their own videos', async () => {
    const body = await list('', stranger.cookie);
    expect(body.totalVideos).toBe(1);
    expect(body.data.map((v: { _id: string }) => v._id)).toEqual([ids.S]);
  });

  it('refuses bad parameters', async () => {
    for (const q of ['?limit=101', '?limit=0', '?page=0', '?sortBy=duration', '?sortType=up']) {
      const r = await api('GET', `/studio/videos${q}`, { cookie: creator.cookie });
      expect(r.statusCode, q).toBe(400);
    }
  });
});

describe('signed out', () => {
  it('answers 401 on every studio call', async () => {
    for (const url of ['/studio/dashboard', '/studio/videos', '/studio/analytics?range=7']) {
      const r = await api('GET', url);
      expect(r.statusCode, url).toBe(401);
      expect(r.json()).toMatchObject({ success: false });
    }
  });
});

describe('OpenAPI', () => {
  it('documents the studio and progress calls', async () => {
    const r = await t.server.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(r.json().paths);
    for (const p of [
      '/api/v1/studio/dashboard',
      '/api/v1/studio/videos',
      '/api/v1/studio/analytics',
      '/api/v1/videos/{id}/progress',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
