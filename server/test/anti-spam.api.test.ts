import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { call } from './helpers/staff.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * Per-account and per-address limits on comments, replies and reports, counted in the shared
 * `rate_limits` table (any process, any server): a burst meets 429 with Retry-After. The clock
 * is fixed inside one window, so the counts are exact.
 */
const WINDOW_START = Date.UTC(2026, 2, 1, 12, 0, 0);
const now = WINDOW_START + 15_000;
let t: TestApp;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp(
    {
      spamLimits: {
        comment: { max: 10, windowSeconds: 60 },
        commentAddress: { max: 30, windowSeconds: 60 },
        report: { max: 3, windowSeconds: 3600 },
        reportAddress: { max: 9, windowSeconds: 3600 },
      },
    },
    { now: () => now },
  );
  const host = await signedInUser(t.server, 'host');
  videoId = await insertVideo(t, host.user._id);
});
afterAll(async () => {
  await t.close();
});

describe('comment and reply limits', () => {
  it('meets a burst of 40 comments from one account with 429s and Retry-After', async () => {
    const spammer = await signedInUser(t.server, 'spammer');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(t, 'POST', `/comments/createcomments/u/${videoId}`, {
          cookie: spammer.cookie,
          body: { content: `Buy now, offer ${i}` },
          remoteAddress: `10.0.0.${i}`,
        }),
      ),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(30);
    // The window ends 45 s after the fixed clock.
    expect(refused[0]!.headers['retry-after']).toBe('45');
    expect(refused[0]!.json()).toMatchObject({ success: false, statusCode: 429 });
    const stored = await t.database.db
      .selectFrom('comments')
      .select('id')
      .where('owner_id', '=', spammer.user._id)
      .execute();
    expect(stored).toHaveLength(10);
    // Replies count against the same limit.
    const reply = await call(t, 'POST', `/comments/replycomment/u/${created[0]!.json().data._id}`, {
      cookie: spammer.cookie,
      body: { content: 'And one more' },
    });
    expect(reply.statusCode).toBe(429);
  });

  it('limits one address across accounts too', async () => {
    let created = 0;
    for (let n = 0; n < 4; n += 1) {
      const account = await signedInUser(t.server, `shared${n}`);
      for (let i = 0; i < 10; i += 1) {
        const res = await call(t, 'POST', `/comments/createcomments/u/${videoId}`, {
          cookie: account.cookie,
          body: { content: `From the office ${n}-${i}` },
          remoteAddress: '10.2.0.1',
        });
        if (res.statusCode === 201) created += 1;
        else expect(res.statusCode).toBe(429);
      }
    }
    expect(created).toBe(30);
  });
});

describe('report limits', () => {
  it('refuses reports past the account’s hourly allowance', async () => {
    const reporter = await signedInUser(t.server, 'eager');
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const target = await signedInUser(t.server, `target${i}`);
      const res = await call(t, 'POST', '/reports', {
        cookie: reporter.cookie,
        body: { targetType: 'channel', targetId: target.user._id, reason: 'spam' },
        remoteAddress: `10.1.0.${i}`,
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.headers['retry-after']).toBe(String(3600 - 15));
    }
    expect(codes).toEqual([201, 201, 201, 429, 429]);
  });
});
