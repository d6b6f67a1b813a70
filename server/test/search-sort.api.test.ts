import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { apiCall } from './helpers/api-client.js';
import { insertVideo } from './helpers/video-rows.js';
import { insertVideoRows, videoRow } from './helpers/factories.js';

/**
 * Search orders (relevance, upload date, views, duration) and filters (upload date, length),
 * on the index path (three characters or more on SQLite) and the scanning path (fewer), with
 * totals that follow the filters and never count what a visitor may not see.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Fixed "now" for the service; rows are placed relative to it. */
const NOW = Date.UTC(2026, 5, 1, 12);

/** The statements the app runs while `recording` holds an array. */
let recording: string[] | undefined;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW, onQuery: (sql) => recording?.push(sql) });
  owner = await signedInUser(t.server, 'owner');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => apiCall(t, 'GET', url);
const idsOf = (body: { data: { _id: string }[] }) => body.data.map((v) => v._id);
const search = async (query: string) => {
  const res = await get(`/videos/search?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { _id: string }[]; totalVideos: number; totalCapped: boolean };
};
const at = (ago: number) => ({ created_at: NOW - ago, updated_at: NOW - ago });

describe('orders', () => {
  const v = {} as Record<'a' | 'b' | 'c' | 'd', string>;
  beforeAll(async () => {
    v.a = await insertVideo(t, owner.user._id, {
      title: 'Gecko care basics',
      views: 10,
      duration: 600,
      ...at(4 * DAY),
    });
    v.b = await insertVideo(t, owner.user._id, {
      title: 'All about the gecko',
      views: 500,
      duration: 90,
      ...at(3 * DAY),
    });
    v.c = await insertVideo(t, owner.user._id, {
      title: 'Mygeckos tank tour',
      views: 40,
      duration: 3000,
      ...at(2 * DAY),
    });
    v.d = await insertVideo(t, owner.user._id, {
      title: 'Reptile room',
      hashtag: '#gecko',
      views: 9000,
      duration: 30,
      ...at(1 * DAY),
    });
    // Never listed, whatever the order or filter.
    await insertVideo(t, owner.user._id, {
      title: 'Gecko secret',
      visibility: 'private',
      views: 99_999,
      ...at(HOUR),
    });
    await insertVideo(t, owner.user._id, {
      title: 'Gecko by link',
      visibility: 'unlisted',
      views: 99_999,
      ...at(HOUR),
    });
  });

  it('is newest first by default, and oldest first when asked', async () => {
    for (const q of ['gecko', 'ge']) {
      expect(idsOf(await search(`q=${q}`))).toEqual([v.d, v.c, v.b, v.a]);
      expect(idsOf(await search(`q=${q}&sortBy=createdAt`))).toEqual([v.d, v.c, v.b, v.a]);
      expect(idsOf(await search(`q=${q}&sortBy=createdAt&sortType=asc`))).toEqual([
        v.a,
        v.b,
        v.c,
        v.d,
      ]);
    }
  });

  it('sorts by views and by duration, most first unless told', async () => {
    for (const q of ['gecko', 'ge']) {
      expect(idsOf(await search(`q=${q}&sortBy=views`))).toEqual([v.d, v.b, v.c, v.a]);
      expect(idsOf(await search(`q=${q}&sortBy=views&sortType=asc`))).toEqual([v.a, v.c, v.b, v.d]);
      expect(idsOf(await search(`q=${q}&sortBy=duration`))).toEqual([v.c, v.a, v.b, v.d]);
      expect(idsOf(await search(`q=${q}&sortBy=duration&sortType=asc`))).toEqual([
        v.d,
        v.b,
        v.a,
        v.c,
      ]);
    }
  });

  it('ranks by relevance: title start, then a word of the title, then inside it, then the hashtag', async () => {
    const ranked = await search('q=gecko&sortBy=relevance');
    expect(idsOf(ranked)).toEqual([v.a, v.b, v.c, v.d]);
    expect(ranked.totalVideos).toBe(4);
    // Relevance has no direction: asc ranks the same.
    expect(idsOf(await search('q=gecko&sortBy=relevance&sortType=asc'))).toEqual(idsOf(ranked));
    // The scanning path (under three characters) ranks alike.
    expect(idsOf(await search('q=ge&sortBy=relevance'))).toEqual([v.a, v.b, v.c, v.d]);
  });

  it('pages a ranked order', async () => {
    const first = await search('q=gecko&sortBy=views&limit=2');
    const second = await search('q=gecko&sortBy=views&limit=2&page=2');
    expect(idsOf(first)).toEqual([v.d, v.b]);
    expect(idsOf(second)).toEqual([v.c, v.a]);
    expect(first.totalVideos).toBe(4);
  });
});

describe('filters', () => {
  const v = {} as Record<'hour' | 'days' | 'weeks' | 'months' | 'old', string>;
  beforeAll(async () => {
    v.hour = await insertVideo(t, owner.user._id, {
      title: 'Iguana now',
      duration: 239,
      ...at(2 * HOUR),
    });
    v.days = await insertVideo(t, owner.user._id, {
      title: 'Iguana days',
      duration: 240,
      ...at(3 * DAY),
    });
    v.weeks = await insertVideo(t, owner.user._id, {
      title: 'Iguana weeks',
      duration: 1199,
      ...at(20 * DAY),
    });
    v.months = await insertVideo(t, owner.user._id, {
      title: 'Iguana months',
      duration: 1200,
      ...at(200 * DAY),
    });
    v.old = await insertVideo(t, owner.user._id, {
      title: 'Iguana long ago',
      duration: 5000,
      ...at(400 * DAY),
    });
    await insertVideo(t, owner.user._id, {
      title: 'Iguana private',
      visibility: 'private',
      duration: 100,
      ...at(HOUR),
    });
  });

  it('keeps what was uploaded today, this week, this month or this year', async () => {
    for (const q of ['iguana', 'ig']) {
      const within = async (uploadDate: string) => {
        const body = await search(`q=${q}&uploadDate=${uploadDate}`);
        expect(body.totalVideos).toBe(body.data.length);
        return idsOf(body);
      };
      expect(await within('today')).toEqual([v.hour]);
      expect(await within('week')).toEqual([v.hour, v.days]);
      expect(await within('month')).toEqual([v.hour, v.days, v.weeks]);
      expect(await within('year')).toEqual([v.hour, v.days, v.weeks, v.months]);
    }
  });

  it('keeps short (under 4 min), medium (4 to 20 min) and long (over 20 min) videos', async () => {
    for (const q of ['iguana', 'ig']) {
      const lasting = async (duration: string) => {
        const body = await search(`q=${q}&duration=${duration}`);
        expect(body.totalVideos).toBe(body.data.length);
        return idsOf(body);
      };
      expect(await lasting('short')).toEqual([v.hour]);
      expect(await lasting('medium')).toEqual([v.days, v.weeks]);
      expect(await lasting('long')).toEqual([v.months, v.old]);
    }
  });

  it('combines filters with any order', async () => {
    const body = await search('q=iguana&uploadDate=year&duration=long&sortBy=duration');
    expect(idsOf(body)).toEqual([v.months]);
    const week = await search('q=iguana&uploadDate=week&sortBy=duration&sortType=asc');
    expect(idsOf(week)).toEqual([v.hour, v.days]);
    expect(week.totalVideos).toBe(2);
  });

  it('ranks equally relevant matches by views, then newest first', async () => {
    await t.database.db.updateTable('videos').set({ views: 7 }).where('id', '=', v.weeks).execute();
    const body = await search('q=iguana&sortBy=relevance');
    expect(idsOf(body)).toEqual([v.weeks, v.hour, v.days, v.months, v.old]);
  });

  it('counts a filtered search afresh when a video’s length changes', async () => {
    expect((await search('q=iguana&duration=short')).totalVideos).toBe(1);
    await t.database.db
      .updateTable('videos')
      .set({ duration: 30 })
      .where('id', '=', v.days)
      .execute();
    const after = await search('q=iguana&duration=short');
    expect(after.totalVideos).toBe(2);
    expect(idsOf(after)).toEqual([v.hour, v.days]);
    await t.database.db
      .updateTable('videos')
      .set({ duration: 240 })
      .where('id', '=', v.days)
      .execute();
    expect((await search('q=iguana&duration=short')).totalVideos).toBe(1);
  });

  it('refuses orders and filters it does not know', async () => {
    for (const query of [
      'q=iguana&sortBy=title',
      'q=iguana&sortBy=password_hash',
      'q=iguana&sortType=sideways',
      'q=iguana&uploadDate=decade',
      'q=iguana&duration=tiny',
    ]) {
      const res = await get(`/videos/search?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});

describe('ranked orders at the cap', () => {
  it('rank the newest counted matches, the ones the total counts', async () => {
    const cap = LIMITS.searchResultsMax;
    const total = cap + 5;
    const start = NOW - 10 * DAY;
    const rows = Array.from({ length: total }, (_, i) =>
      videoRow(owner, {
        title: `Axolotl clip ${i}`,
        hashtag: '#lake',
        // The five oldest are the most viewed of all, but outside the newest `cap`.
        views: i < 5 ? 1_000_000 + i : i,
        created_at: start + i,
      }),
    );
    await insertVideoRows(t, rows);
    for (const q of ['axolotl', 'ax']) {
      const body = await search(`q=${q}&sortBy=views&limit=3`);
      expect(body).toMatchObject({ totalVideos: cap, totalCapped: true });
      expect(idsOf(body)).toEqual([rows[total - 1]!.id, rows[total - 2]!.id, rows[total - 3]!.id]);
    }
  });
});

describe('a search nothing matches', () => {
  it('is answered by its first page alone, with a total of none, in every order', async () => {
    await insertVideoRows(t, [videoRow(owner, { title: 'Harbour lights', ...at(3 * DAY) })]);
    for (const query of [
      'q=zzqx',
      'q=zzqx&sortBy=views&uploadDate=month',
      'q=zzqx&sortBy=relevance&duration=short',
      'q=harbour&uploadDate=today',
    ]) {
      recording = [];
      const body = await search(query);
      const statements = recording;
      recording = undefined;
      expect(body.data).toEqual([]);
      expect(body.totalVideos).toBe(0);
      expect(body.totalCapped).toBe(false);
      // No count and no read transaction: the empty page says there is nothing to count.
      expect(statements.filter((s) => !/^\s*(select|with)\b/i.test(s))).toEqual([]);
      expect(statements.filter((s) => /count\(/i.test(s))).toEqual([]);
    }
    // A page past the end of real matches still counts them.
    const past = await search('q=harbour&page=5&limit=10');
    expect(past.data).toEqual([]);
    expect(past.totalVideos).toBe(1);
  });
});
