import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './helpers/api-client.js';
import { createUser, insertVideoRows, videoRow, type SignedIn } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * What PostgreSQL parses and plans for the busiest lists. The first page of a list, the page
 * asked for most, has no OFFSET, so after its first runs the database reuses one generic plan
 * rather than planning each request again (Paging, repositories/keyset.ts); trending's ranked
 * ids are one array parameter, so its statement is named and parsed once. One pooled
 * connection, so the statements it holds are those the requests ran.
 */
let t: TestApp;
let viewer: SignedIn;
const LIKED = 60;

beforeAll(async () => {
  t = await createTestApp({ databasePoolSize: 1 });
  viewer = await createUser(t, { prefix: 'planviewer' });
  const base = Date.now() - LIKED * 1000;
  const rows = Array.from({ length: LIKED }, (_, i) =>
    videoRow(viewer, { title: `Liked ${i}`, created_at: base + i * 1000 }),
  );
  await insertVideoRows(t, rows);
  await t.database.db
    .insertInto('likes')
    .values(
      rows.map((r, i) => ({
        user_id: viewer.user._id,
        target_type: 'Video' as const,
        target_id: r.id,
        kind: 'like' as const,
        created_at: base + i * 1000,
      })),
    )
    .execute();
  // Views this hour for every one of them, so trending ranks them all.
  await t.database.db
    .insertInto('video_view_hours')
    .values(
      rows.map((r, i) => ({
        hour: Math.floor(Date.now() / 3_600_000),
        video_id: r.id,
        views: i + 1,
      })),
    )
    .execute();
});
afterAll(async () => {
  await t?.close();
});

/** How often PostgreSQL planned this connection's statements whose text holds `marker`. */
async function plansOf(marker: string): Promise<{ generic: number; custom: number }> {
  const { rows } = await sql<{ generic: number; custom: number }>`
    select coalesce(sum(generic_plans), 0)::int as generic,
      coalesce(sum(custom_plans), 0)::int as custom
    from pg_prepared_statements where statement like ${`%${marker}%`}`.execute(t.database.db);
  return rows[0]!;
}

/** How many times this connection ran its statements whose text holds `marker`. */
async function runsOf(marker: string): Promise<number> {
  const plans = await plansOf(marker);
  return plans.generic + plans.custom;
}

describe('the first page of a list', () => {
  it('is planned once and then reused, and still answers the newest rows', async () => {
    for (let run = 0; run < 10; run += 1) {
      const res = await apiCall(t, 'GET', '/toggle/getlikedvideos?limit=20', {
        cookie: viewer.cookie,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.totalVideoLikes).toBe(LIKED);
      expect(body.data.map((v: { title: string }) => v.title)).toEqual(
        Array.from({ length: 20 }, (_, i) => `Liked ${LIKED - 1 - i}`),
      );
    }
    for (let run = 0; run < 10; run += 1) {
      const res = await apiCall(t, 'GET', '/studio/videos?limit=20', { cookie: viewer.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(20);
    }
    if (t.database.dialect === 'postgres') {
      // Five custom plans, then the generic one for every later run.
      const liked = await plansOf('from "likes" as "l" inner join "videos"');
      expect(liked.generic).toBeGreaterThanOrEqual(5);
      const studio = await plansOf('"v"."comments_count"');
      expect(studio.generic).toBeGreaterThanOrEqual(5);
    }
  });
});

describe('the home feed', () => {
  it('writes its page size into its text, so one plan serves every run', async () => {
    for (let run = 0; run < 10; run += 1) {
      const res = await apiCall(t, 'GET', '/videos/getallvideos?page=1&limit=20');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((v: { title: string }) => v.title)).toEqual(
        Array.from({ length: 20 }, (_, i) => `Liked ${LIKED - 1 - i}`),
      );
    }
    // Another size is another text, with the rows that size asks for.
    const other = await apiCall(t, 'GET', '/videos/getallvideos?page=1&limit=7');
    expect(other.json().data).toHaveLength(7);
    expect(other.json().totalVideos).toBe(LIKED);
    if (t.database.dialect === 'postgres') {
      // One more row than shown says whether a next page exists.
      const feed = await plansOf('"video_counts"%limit 21');
      expect(feed.generic).toBeGreaterThanOrEqual(5);
      expect(feed.generic + feed.custom).toBe(10);
    }
  });
});

describe('the watch page', () => {
  it("reads the video with the viewer's like and subscription in one statement", async () => {
    const [video] = await t.database.db.selectFrom('videos').select('id').limit(1).execute();
    const before = t.database.dialect === 'postgres' ? await runsOf('viewer_subscribed') : 0;
    for (let run = 0; run < 10; run += 1) {
      const res = await apiCall(t, 'GET', `/videos/vid-id/${video!.id}`, { cookie: viewer.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.isLikedByUser).toBe(true);
    }
    if (t.database.dialect === 'postgres') {
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements
        where statement like '%viewer_subscribed%'`.execute(t.database.db);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.statement).toContain('from "videos" as "v"');
      expect((await runsOf('viewer_subscribed')) - before).toBe(10);
      // The viewers asked at once are one array (VideoRepository.findForWatch): a length
      // every plan is priced for alike, so the generic plan is kept, not planned per run.
      const watch = await plansOf('viewer_subscribed');
      expect(watch.generic).toBeGreaterThanOrEqual(5);
      expect(watch.custom).toBeLessThanOrEqual(5);
      // So is every request's session lookup (SessionRepository.findUser).
      const session = await plansOf('"s"."token_hash" as "session_token_hash"');
      expect(session.generic + session.custom).toBeGreaterThanOrEqual(10);
      expect(session.custom).toBeLessThanOrEqual(5);
    }
  });
});

describe('trending', () => {
  it('reads its ranked videos with one statement text, whatever their number', async () => {
    for (let run = 0; run < 10; run += 1) {
      const res = await apiCall(t, 'GET', '/videos/trending?limit=20');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((v: { title: string }) => v.title)).toEqual(
        Array.from({ length: 20 }, (_, i) => `Liked ${LIKED - 1 - i}`),
      );
    }
    if (t.database.dialect === 'postgres') {
      // A named statement (an IN list of bound ids would be a new unnamed text each time).
      const ranked = await plansOf('"search_generation"%v.id = any(');
      expect(ranked.generic + ranked.custom).toBeGreaterThanOrEqual(10);
      expect(ranked.custom).toBeLessThanOrEqual(5);
    }
  });
});
