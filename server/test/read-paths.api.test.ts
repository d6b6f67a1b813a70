import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LIMITS } from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { apiCall } from './helpers/api-client.js';
import { insertVideo } from './helpers/video-rows.js';
import { insertVideoRows, videoRow } from './helpers/factories.js';

/**
 * The read paths that stay fast at scale (migration 007): the feed's total kept by triggers,
 * and search and suggestions read in index order with a capped count. Each must stay exactly
 * right while videos are added, hidden, renamed and deleted.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'owner');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => apiCall(t, 'GET', url);
const idsOf = (body: { data: { _id: string }[] }) => body.data.map((v) => v._id);
const patch = (id: string, payload: Record<string, string>) =>
  apiCall(t, 'PATCH', `/videos/${id}`, { cookie: owner.cookie, payload });
const feedTotal = async () => (await get('/videos/getallvideos')).json().totalVideos as number;

/** The counter table must always equal a real count. */
async function expectCountsTrue(): Promise<void> {
  const kept = await t.database.db.selectFrom('video_counts').selectAll().execute();
  const real = await t.database.db
    .selectFrom('videos')
    .select(['visibility', sql<number>`count(*)`.as('n')])
    .groupBy('visibility')
    .execute();
  const byVisibility = (rows: { visibility: string; n: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.visibility, Number(r.n)]));
  expect(byVisibility(kept)).toEqual({
    private: 0,
    unlisted: 0,
    public: 0,
    ...byVisibility(real),
  });
}

describe('the feed total', () => {
  it('follows uploads, visibility changes and deletes', async () => {
    const before = await feedTotal();
    const a = await insertVideo(t, owner.user._id, { title: 'Counted video A' });
    const b = await insertVideo(t, owner.user._id, { title: 'Counted video B' });
    await insertVideo(t, owner.user._id, { title: 'Hidden video C', visibility: 'private' });
    expect(await feedTotal()).toBe(before + 2);

    expect((await patch(a, { visibility: 'private' })).statusCode).toBe(200);
    expect(await feedTotal()).toBe(before + 1);
    expect((await patch(a, { visibility: 'public' })).statusCode).toBe(200);
    expect(await feedTotal()).toBe(before + 2);
    expect((await patch(b, { visibility: 'unlisted' })).statusCode).toBe(200);
    expect(await feedTotal()).toBe(before + 1);
    // A refused change (not the owner) leaves the total alone.
    const other = await signedInUser(t.server, 'other');
    const refused = await apiCall(t, 'PATCH', `/videos/${a}`, {
      cookie: other.cookie,
      payload: { visibility: 'private' },
    });
    expect(refused.statusCode).toBe(403);
    expect(await feedTotal()).toBe(before + 1);

    const del = await apiCall(t, 'DELETE', `/videos/deletevid/${a}`, { cookie: owner.cookie });
    expect(del.statusCode).toBe(200);
    expect(await feedTotal()).toBe(before);
    const feed = (await get('/videos/getallvideos')).json();
    expect(feed.data).toHaveLength(before);
    await expectCountsTrue();
  });
});

describe('search in index order', () => {
  it('keeps a video in its place through privacy and title changes', async () => {
    const oldest = await insertVideo(t, owner.user._id, { title: 'Walrus one' });
    const middle = await insertVideo(t, owner.user._id, { title: 'Walrus two' });
    const newest = await insertVideo(t, owner.user._id, { title: 'Walrus three' });
    const search = async (q: string) => idsOf((await get(`/videos/search?q=${q}`)).json());
    const suggest = async (q: string) => idsOf((await get(`/videos/suggestions?q=${q}`)).json());
    expect(await search('walrus')).toEqual([newest, middle, oldest]);

    await patch(oldest, { visibility: 'private' });
    expect(await search('walrus')).toEqual([newest, middle]);
    expect(await suggest('walrus')).toEqual([newest, middle]);
    // Public again: back in its creation place, not on top.
    await patch(oldest, { visibility: 'public' });
    expect(await search('walrus')).toEqual([newest, middle, oldest]);

    await patch(middle, { title: 'Walrus two, renamed' });
    expect(await search('walrus')).toEqual([newest, middle, oldest]);
    expect(await search('renamed')).toEqual([middle]);
    expect(await search('two')).toEqual([middle]);

    await patch(newest, { visibility: 'unlisted' });
    expect(await search('walrus')).toEqual([middle, oldest]);
    expect(await suggest('walrus')).toEqual([middle, oldest]);
    // Two characters are below the trigram index and take the scanning path: same answer.
    expect(await search('wa')).toEqual(expect.arrayContaining([middle, oldest]));
    expect(await search('wa')).not.toContain(newest);

    await apiCall(t, 'DELETE', `/videos/deletevid/${middle}`, { cookie: owner.cookie });
    expect(await search('walrus')).toEqual([oldest]);
    // Housekeeping merges the search index; answers stay the same.
    await t.app.services.search.prune();
    expect(await search('walrus')).toEqual([oldest]);
    expect(await suggest('walrus')).toEqual([oldest]);
    await expectCountsTrue();
  });

  it('answers totals that follow every change at once, however often the same query is asked', async () => {
    const total = async (q: string) => (await get(`/videos/search?q=${q}`)).json().totalVideos;
    const generation = async () =>
      Number(
        (await t.database.db.selectFrom('search_generation').select('n').executeTakeFirstOrThrow())
          .n,
      );
    const a = await insertVideo(t, owner.user._id, { title: 'Okapi stripes' });
    expect(await total('okapi')).toBe(1);
    expect(await total('okapi')).toBe(1);
    const b = await insertVideo(t, owner.user._id, { title: 'Okapi herd' });
    expect(await total('okapi')).toBe(2);
    await patch(b, { title: 'Zebra herd' });
    expect(await total('okapi')).toBe(1);
    await patch(b, { hashtag: '#okapi' });
    expect(await total('okapi')).toBe(2);
    await patch(a, { visibility: 'private' });
    expect(await total('okapi')).toBe(1);
    await patch(a, { visibility: 'public' });
    expect(await total('okapi')).toBe(2);
    await apiCall(t, 'DELETE', `/videos/deletevid/${a}`, { cookie: owner.cookie });
    expect(await total('okapi')).toBe(1);
    // Views are not searchable: counting them leaves every count reusable.
    const before = await generation();
    await t.database.db.updateTable('videos').set({ views: 99 }).where('id', '=', b).execute();
    expect(await generation()).toBe(before);
    expect(await total('okapi')).toBe(1);
  });

  it('counts up to the cap, says so, and pages no further', async () => {
    const cap = LIMITS.searchResultsMax;
    const total = cap + 5;
    const start = Date.now() - total;
    const rows = Array.from({ length: total }, (_, i) =>
      videoRow(owner, { title: `Narwhal number ${i}`, hashtag: '#sea', created_at: start + i }),
    );
    await insertVideoRows(t, rows);
    const newestFirst = rows.map((r) => r.id).reverse();

    for (const q of ['narwhal', 'na']) {
      const first = (await get(`/videos/search?q=${q}&limit=100`)).json();
      expect(first).toMatchObject({ totalVideos: cap, totalCapped: true, totalPages: cap / 100 });
      if (q === 'narwhal') expect(idsOf(first)).toEqual(newestFirst.slice(0, 100));
    }
    const last = (await get(`/videos/search?q=narwhal&limit=100&page=${cap / 100}`)).json();
    expect(idsOf(last)).toEqual(newestFirst.slice(cap - 100, cap));
    const beyond = await get(`/videos/search?q=narwhal&limit=100&page=${cap / 100 + 1}`);
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toMatchObject({ data: [], totalVideos: cap, totalCapped: true });

    const exact = (await get('/videos/search?q=narwhal%20number%201004')).json();
    expect(exact).toMatchObject({ totalVideos: 1, totalCapped: false, totalPages: 1 });
    expect(idsOf(exact)).toEqual([newestFirst[0]]);
    expect(await feedTotal()).toBeGreaterThanOrEqual(total);
    await expectCountsTrue();
  });
});
