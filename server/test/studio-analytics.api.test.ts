import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/fixtures.js';
import {
  createStudioScenario,
  date,
  DAY,
  NOW,
  type StudioScenario,
} from './helpers/studio-scenario.js';
import { newId } from '../src/lib/ids.js';

/**
 * Every number below is worked out by hand from events placed at known times: views inserted
 * with fixed timestamps, subscriptions, likes, comments and heartbeats through the real
 * endpoints with the app's clock set to known instants (see helpers/studio-scenario.ts).
 */

let s: StudioScenario;

beforeAll(async () => {
  s = await createStudioScenario();
});

afterAll(async () => {
  await s?.close();
});

interface Day {
  date: string;
  views: number;
  watchTimeSeconds: number;
  netSubscribers?: number;
}

async function analytics(query: string, cookie = s.creator.cookie) {
  const r = await s.api('GET', `/studio/analytics${query}`, { cookie });
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
    s.clock = NOW + DAY;
    try {
      const r = await s.api('GET', '/studio/analytics?range=7', { cookie: s.creator.cookie });
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
      s.clock = NOW;
    }
  });

  it('shows a channel with nothing as zeros, not invented numbers', async () => {
    const empty = await signedInUser(s.t.server, 'empty');
    const r = await analytics('?range=7', empty.cookie);
    expect(r.days.every((day) => day.views === 0 && day.watchTimeSeconds === 0)).toBe(true);
    expect(r.totals).toEqual({ views: 0, watchTimeSeconds: 0, netSubscribers: 0 });
  });
});

describe('GET /studio/analytics?videoId=', () => {
  it('counts one video and leaves subscribers out', async () => {
    const r = await analytics(`?range=90&videoId=${s.ids.A}`);
    expect(r.videoId).toBe(s.ids.A);
    expect(r.byDate(0)).toEqual({ date: date(0), views: 2, watchTimeSeconds: 4 });
    expect(r.byDate(1)).toEqual({ date: date(1), views: 0, watchTimeSeconds: 10 });
    expect(r.days.every((day) => !('netSubscribers' in day))).toBe(true);
    expect(r.totals).toEqual({ views: 4, watchTimeSeconds: 14 });

    const week = await analytics(`?range=7&videoId=${s.ids.B}`);
    expect(week.totals).toEqual({ views: 1, watchTimeSeconds: 11 });
    const priv = await analytics(`?range=7&videoId=${s.ids.C}`);
    expect(priv.totals).toEqual({ views: 1, watchTimeSeconds: 0 });
  });

  it('answers 404 for another user’s video, a missing one and a malformed id', async () => {
    for (const videoId of [s.ids.S, newId(), 'not-an-id']) {
      const r = await s.api('GET', `/studio/analytics?videoId=${videoId}`, {
        cookie: s.creator.cookie,
      });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toMatchObject({ success: false, message: 'Video not found.' });
    }
    // The owner of A asking is fine; its viewer asking is the same 404.
    const r = await s.api('GET', `/studio/analytics?videoId=${s.ids.A}`, { cookie: s.a.cookie });
    expect(r.statusCode).toBe(404);
  });

  it('refuses ranges other than 7, 28 and 90', async () => {
    for (const range of ['5', '30', 'abc', '0']) {
      const r = await s.api('GET', `/studio/analytics?range=${range}`, {
        cookie: s.creator.cookie,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().success).toBe(false);
    }
  });
});
