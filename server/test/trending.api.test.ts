import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { apiCall } from './helpers/api-client.js';
import { insertVideo } from './helpers/video-rows.js';
import { call, staffUser } from './helpers/staff.js';
import { newId } from '../src/lib/ids.js';

/**
 * GET /videos/trending: public videos by their views of the last 7 days, each day older
 * weighing half as much, with new views showing within a minute and a video that leaves the
 * public at once.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let now = Date.UTC(2026, 5, 1, 12);

/** The statements the app runs, with their parameters, while `recording` holds an array. */
let recording: { sql: string; parameters: readonly unknown[] }[] | undefined;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { now: () => now, onQuery: (sql, parameters) => recording?.push({ sql, parameters }) },
  );
  owner = await signedInUser(t.server, 'owner');
});
afterAll(async () => {
  await t.close();
});

const idsOf = (body: { data: { _id: string }[] }) => body.data.map((v) => v._id);
const trending = async (query = '') => {
  const res = await apiCall(t, 'GET', `/videos/trending${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { _id: string }[];
    totalVideos: number;
    totalPages: number;
    currentPage: number;
  };
};

/** Counted views at a time in the past, as the view counter records them. */
async function viewsAt(videoId: string, count: number, ago: number): Promise<void> {
  const rows = Array.from({ length: count }, () => ({
    id: newId(),
    video_id: videoId,
    viewer_id: null,
    viewed_at: now - ago,
  }));
  await t.database.db.insertInto('video_views').values(rows).execute();
}

/** Counts a view through the API as a new visitor (another client address each time). */
let visitor = 0;
async function countView(videoId: string): Promise<void> {
  visitor += 1;
  const res = await t.server.inject({
    method: 'POST',
    url: `/api/v1/videos/increaseviews/${videoId}`,
    remoteAddress: `10.0.${Math.floor(visitor / 250)}.${visitor % 250}`,
  });
  expect(res.json()).toMatchObject({ data: { counted: true } });
}

describe('GET /videos/trending', () => {
  const names = ['steady', 'fresh', 'stale', 'gone', 'hidden', 'quiet', 'dusk', 'dawn'] as const;
  const v = {} as Record<(typeof names)[number], string>;

  beforeAll(async () => {
    for (const name of names) {
      v[name] = await insertVideo(t, owner.user._id, { title: `Trending ${name}` });
    }
    await t.database.db
      .updateTable('videos')
      .set({ visibility: 'unlisted' })
      .where('id', '=', v.hidden)
      .execute();
    // 12 views three days ago weigh 12 / 8 = 1.5; 4 views an hour ago weigh almost 4.
    await viewsAt(v.steady, 12, 3 * DAY);
    await viewsAt(v.fresh, 4, HOUR);
    // Decay runs by the hour, not by whole days: 10 views 20 hours ago weigh 5.6, 6 views an
    // hour ago 5.8.
    await viewsAt(v.dusk, 10, 20 * HOUR);
    await viewsAt(v.dawn, 6, HOUR);
    // Outside the 7-day window, however many.
    await viewsAt(v.stale, 500, 8 * DAY);
    await viewsAt(v.gone, 2, 2 * HOUR);
    // Unlisted videos play by link but are never listed.
    await viewsAt(v.hidden, 900, HOUR);
  });

  it('ranks views of the last days, the recent ones weighing most', async () => {
    const body = await trending();
    expect(idsOf(body)).toEqual([v.dawn, v.dusk, v.fresh, v.gone, v.steady]);
    expect(body).toMatchObject({ totalVideos: 5, totalPages: 1, currentPage: 1 });
    expect(body.data[0]).toHaveProperty('owner.username', owner.username);
  });

  it('pages the ranking', async () => {
    const second = await trending('?limit=2&page=2');
    expect(idsOf(second)).toEqual([v.fresh, v.gone]);
    expect(second).toMatchObject({ totalVideos: 5, totalPages: 3, currentPage: 2 });
  });

  it('shows new views within a minute', async () => {
    for (let i = 0; i < 6; i += 1) await countView(v.quiet);
    now += 60_000;
    expect(idsOf(await trending())).toEqual([v.quiet, v.dawn, v.dusk, v.fresh, v.gone, v.steady]);
  });

  it('drops a video that stops being public at once, and brings it back', async () => {
    const patch = (visibility: string) =>
      apiCall(t, 'PATCH', `/videos/${v.gone}`, { cookie: owner.cookie, payload: { visibility } });
    expect((await patch('private')).statusCode).toBe(200);
    expect(idsOf(await trending())).not.toContain(v.gone);
    expect((await patch('public')).statusCode).toBe(200);
    expect(idsOf(await trending())).toContain(v.gone);
  });

  it('forgets a deleted video and its hours', async () => {
    const res = await apiCall(t, 'DELETE', `/videos/deletevid/${v.steady}`, {
      cookie: owner.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(idsOf(await trending())).not.toContain(v.steady);
    const hours = await t.database.db
      .selectFrom('video_view_hours')
      .select('video_id')
      .where('video_id', '=', v.steady)
      .execute();
    expect(hours).toEqual([]);
  });

  it('lets views age out of the window, and housekeeping prunes hours no ranking reads', async () => {
    now += 8 * DAY;
    await t.app.services.trending.prune();
    const left = await t.database.db.selectFrom('video_view_hours').select('hour').execute();
    expect(left).toEqual([]);
    expect(idsOf(await trending())).toEqual([]);
  });

  it('refuses a page size over 100', async () => {
    expect((await apiCall(t, 'GET', '/videos/trending?limit=101')).statusCode).toBe(400);
  });
});

/**
 * A page reads only its own videos while no video's visibility moved (the search generation
 * it reads is the one the ranking's public ids were found at), and every ranked row again
 * when one did: a video hidden or shown anywhere in the ranking, on the page or not, moves
 * the page and its totals at once.
 */
describe('trending pages over the ranking’s public videos', () => {
  const v: string[] = [];
  // Signed in after the clock moved on, past the first owner's session.
  let creator: Awaited<ReturnType<typeof signedInUser>>;
  const patch = (id: string, visibility: string) =>
    apiCall(t, 'PATCH', `/videos/${id}`, { cookie: creator.cookie, payload: { visibility } });

  beforeAll(async () => {
    now += 30 * DAY;
    creator = await signedInUser(t.server, 'creator');
    // Six videos ranked in order: v[0] has the most views.
    for (let i = 0; i < 6; i += 1) {
      v.push(await insertVideo(t, creator.user._id, { title: `Ranked ${i}` }));
      await viewsAt(v[i]!, 60 - i * 5, HOUR);
    }
    now += 60_000;
  });

  /** The ids a page's statements read, and how many statements it ran. */
  async function recorded(query: string) {
    recording = [];
    const body = await trending(query);
    const statements = recording;
    recording = undefined;
    // Ids are bound one by one, as an array (PostgreSQL) or as a JSON array (SQLite).
    const values = (p: unknown): unknown[] =>
      typeof p === 'string' && p.startsWith('[') ? (JSON.parse(p) as unknown[]) : [p].flat();
    const read = statements
      .flatMap((s) => s.parameters.flatMap(values))
      .filter((p) => v.includes(p as string));
    return { body, statements: statements.length, read };
  }

  it('reads only the page’s videos, in one statement, while no visibility moves', async () => {
    expect(idsOf(await trending('?limit=2&page=2'))).toEqual([v[2], v[3]]);
    const { body, statements, read } = await recorded('?limit=2&page=2');
    expect(idsOf(body)).toEqual([v[2], v[3]]);
    expect(body).toMatchObject({ totalVideos: 6, totalPages: 3, currentPage: 2 });
    expect(statements).toBe(1);
    expect(new Set(read)).toEqual(new Set([v[2], v[3]]));
  });

  it('moves a later page up when a video before it goes private, and back', async () => {
    expect((await patch(v[1]!, 'private')).statusCode).toBe(200);
    const hidden = await trending('?limit=2&page=2');
    expect(idsOf(hidden)).toEqual([v[3], v[4]]);
    expect(hidden).toMatchObject({ totalVideos: 5, totalPages: 3 });
    // Asked again, the page reads its own videos alone at the new generation.
    const again = await recorded('?limit=2&page=2');
    expect(idsOf(again.body)).toEqual([v[3], v[4]]);
    expect(again.statements).toBe(1);
    expect(new Set(again.read)).toEqual(new Set([v[3], v[4]]));
    expect((await patch(v[1]!, 'public')).statusCode).toBe(200);
    expect(idsOf(await trending('?limit=2&page=2'))).toEqual([v[2], v[3]]);
    expect(await trending('?limit=2&page=2')).toMatchObject({ totalVideos: 6 });
  });

  it('counts a video hidden after the page at once, though the page’s own are unchanged', async () => {
    expect(idsOf(await trending('?limit=2'))).toEqual([v[0], v[1]]);
    expect((await patch(v[5]!, 'unlisted')).statusCode).toBe(200);
    const first = await trending('?limit=2');
    expect(idsOf(first)).toEqual([v[0], v[1]]);
    expect(first).toMatchObject({ totalVideos: 5, totalPages: 3 });
    expect(await trending('?limit=2&page=3')).toMatchObject({ data: [{ _id: v[4] }] });
    expect((await patch(v[5]!, 'public')).statusCode).toBe(200);
    expect(await trending('?limit=2&page=3')).toMatchObject({
      data: [{ _id: v[4] }, { _id: v[5] }],
      totalVideos: 6,
    });
  });

  it('answers a page past the end with the whole count', async () => {
    const past = await trending('?limit=2&page=9');
    expect(past.data).toEqual([]);
    expect(past).toMatchObject({ totalVideos: 6, totalPages: 3, currentPage: 9 });
  });

  it('shows a change that moves no visibility, and never a private title', async () => {
    const retitle = await apiCall(t, 'PATCH', `/videos/${v[0]}`, {
      cookie: creator.cookie,
      payload: { title: 'Ranked first, retitled' },
    });
    expect(retitle.statusCode).toBe(200);
    const first = await trending('?limit=2');
    expect(first.data[0]).toMatchObject({ _id: v[0], title: 'Ranked first, retitled' });
    expect((await patch(v[0]!, 'private')).statusCode).toBe(200);
    const hidden = await trending('?limit=2');
    expect(idsOf(hidden)).toEqual([v[1], v[2]]);
    expect(JSON.stringify(hidden)).not.toContain('retitled');
  });

  it('hides a blocked video and a suspended owner’s videos from a page read before, at once', async () => {
    // Last: a suspension ends the creator's sessions. v[0] stays private, the owner's choice.
    const admin = await staffUser(t, 'admin', 'trendadmin');
    expect(idsOf(await trending('?limit=2'))).toEqual([v[1], v[2]]);
    const block = await call(t, 'POST', `/admin/videos/${v[1]}/block`, {
      cookie: admin.cookie,
      body: { reason: 'Not for trending' },
    });
    expect(block.statusCode).toBe(200);
    expect(await trending('?limit=2')).toMatchObject({
      data: [{ _id: v[2] }, { _id: v[3] }],
      totalVideos: 4,
    });
    const suspend = await call(t, 'POST', `/admin/users/${creator.user._id}/suspend`, {
      cookie: admin.cookie,
      body: { reason: 'Spam' },
    });
    expect(suspend.statusCode).toBe(200);
    expect(await trending('?limit=2')).toMatchObject({ data: [], totalVideos: 0 });
    await call(t, 'POST', `/admin/users/${creator.user._id}/unsuspend`, { cookie: admin.cookie });
    await call(t, 'POST', `/admin/videos/${v[1]}/unblock`, { cookie: admin.cookie });
    expect(await trending('?limit=2')).toMatchObject({
      data: [{ _id: v[1] }, { _id: v[2] }],
      totalVideos: 5,
    });
  });
});
