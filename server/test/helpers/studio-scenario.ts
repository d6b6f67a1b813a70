import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './test-app.js';
import { signedInUser } from './fixtures.js';
import { insertVideo } from './video-rows.js';
import { apiCall, type Method } from './api-client.js';
import { newId } from '../../src/lib/ids.js';

/**
 * Every number the studio tests check is worked out by hand from events placed at known times:
 * views inserted with fixed timestamps, subscriptions, likes, comments and heartbeats through the
 * real endpoints with the app's clock set to known instants.
 *
 * Each test file calls `createStudioScenario()` in its own beforeAll, so each gets its own app
 * on its own fresh database.
 */

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
// Wednesday 2026-03-11, 12:00 UTC.
export const NOW = Date.UTC(2026, 2, 11, 12);
export const TODAY = Math.floor(NOW / DAY);
export const dayStart = (daysAgo: number) => (TODAY - daysAgo) * DAY;
export const dayEnd = (daysAgo: number) => (TODAY - daysAgo + 1) * DAY - 1;
export const date = (daysAgo: number) => new Date(dayStart(daysAgo)).toISOString().slice(0, 10);

export type Session = Awaited<ReturnType<typeof signedInUser>>;

export interface StudioScenario {
  t: TestApp;
  /** The app's clock; NOW unless a test moves it (and moves it back). */
  clock: number;
  creator: Session;
  a: Session;
  b: Session;
  c: Session;
  d: Session;
  stranger: Session;
  /** A, B, C: the creator's public, unlisted and private videos; S: the stranger's. */
  ids: { A: string; B: string; C: string; S: string };
  api(
    method: Method,
    url: string,
    opts?: { cookie?: string; payload?: unknown },
  ): Promise<LightMyRequestResponse>;
  /** Runs `action` with the clock at `time`, then puts it back to NOW. */
  at<T>(time: number, action: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function expectOk(response: Promise<LightMyRequestResponse>) {
  const r = await response;
  if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`);
  return r;
}

export async function createStudioScenario(): Promise<StudioScenario> {
  let clock = NOW;
  const t = await createTestApp({}, { now: () => clock });

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

  async function insertViews(videoId: string, times: number[]) {
    for (const viewed_at of times) {
      await t.database.db
        .insertInto('video_views')
        .values({ id: newId(viewed_at), video_id: videoId, viewer_id: null, viewed_at })
        .execute();
    }
  }

  const creator = await signedInUser(t.server, 'creator');
  const a = await signedInUser(t.server, 'viewa');
  const b = await signedInUser(t.server, 'viewb');
  const c = await signedInUser(t.server, 'viewc');
  const d = await signedInUser(t.server, 'viewd');
  const stranger = await signedInUser(t.server, 'stranger');
  const ids = { A: '', B: '', C: '', S: '' };

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

  // Views: A 5 rows, B 3 rows, C 1 row from today (from before it went private: its owner's
  // own viewing counts none), S (another channel) 1.
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
    views: 1,
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
  await insertViews(ids.C, [NOW]);

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

  return {
    t,
    get clock() {
      return clock;
    },
    set clock(time: number) {
      clock = time;
    },
    creator,
    a,
    b,
    c,
    d,
    stranger,
    ids,
    api,
    at,
    close: () => t.close(),
  };
}
