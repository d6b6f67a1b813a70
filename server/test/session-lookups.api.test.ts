import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';

/**
 * Every signed-in request looks up its session (SessionRepository.findUser). On PostgreSQL the
 * lookups asked at once share one statement (db/batched-lookup.ts); on both databases each
 * request still gets its own user, or none, as the database held it when the request asked.
 */
const MIN = 60_000;
const TOKEN = 'metrics-token-0123456789abcdef';
let now = Date.now();
const sessionStatements: string[] = [];
let t: TestApp;
let users: Awaited<ReturnType<typeof signedInUser>>[];

beforeAll(async () => {
  t = await createTestApp(
    { sessionIdleMinutes: 60, metricsToken: TOKEN },
    {
      now: () => now,
      onQuery: (sql) => {
        if (/from "sessions" as "s"/.test(sql)) sessionStatements.push(sql);
      },
    },
  );
  users = [];
  for (let i = 0; i < 12; i += 1) users.push(await signedInUser(t.server, `crowd${i}`));
});
afterAll(async () => {
  await t.close();
});

const checkSession = (cookie: string) =>
  t.server.inject({ method: 'GET', url: '/api/v1/users/check-session', headers: { cookie } });

const whoIs = async (cookie: string) => {
  const body = (await checkSession(cookie)).json() as {
    isAuthenticated: boolean;
    user?: { username: string };
  };
  return body.isAuthenticated ? body.user!.username : null;
};

describe('session lookups at once', () => {
  it('answer each request with its own user, and on PostgreSQL share statements', async () => {
    sessionStatements.length = 0;
    const before = t.database.poolStats()?.batchedLookups;
    // Twice each: the same session asked twice in one statement answers both.
    const asked = [...users, ...users];
    const answers = await Promise.all(asked.map((u) => whoIs(u.cookie)));
    expect(answers).toEqual(asked.map((u) => u.username));
    if (t.database.dialect === 'postgres') {
      expect(sessionStatements.length).toBeLessThan(asked.length);
      expect(t.database.poolStats()!.batchedLookups - before!).toBeGreaterThan(1);
      const metrics = await t.server.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.body).toMatch(/^db_batched_lookups_total [1-9]\d*$/m);
    } else {
      // SQLite answers in the process: one lookup each.
      expect(sessionStatements.length).toBe(asked.length);
    }
  });

  it('refuse an ended, an idle and an unknown session among live ones asked at the same time', async () => {
    const [signedOut, idle, ...live] = users;
    const out = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie: signedOut!.cookie },
    });
    expect(out.statusCode).toBe(200);
    // Everyone else uses the site within the hour; `idle` does not.
    now += 50 * MIN;
    for (const u of live) expect(await whoIs(u.cookie)).toBe(u.username);
    now += 11 * MIN;

    sessionStatements.length = 0;
    const cookies = [
      signedOut!.cookie,
      idle!.cookie,
      'sid=an-unknown-token-of-the-right-sort-000000000',
      ...live.map((u) => u.cookie),
    ];
    const answers = await Promise.all(cookies.map((c) => whoIs(c)));
    expect(answers).toEqual([null, null, null, ...live.map((u) => u.username)]);
    if (t.database.dialect === 'postgres') {
      expect(sessionStatements.length).toBeLessThan(cookies.length);
    }
    // The idle session stays ended once its hour has passed, asked alone too.
    expect(await whoIs(idle!.cookie)).toBeNull();
  });

  it('never answer a lookup with a statement sent before a sign-out its caller saw answered', async () => {
    const [, , ...live] = users;
    for (const u of live.slice(0, 4)) {
      // Others keep asking throughout, so the sign-out's next request meets lookups in flight.
      const crowd = Promise.all(live.map((other) => whoIs(other.cookie)));
      const out = await t.server.inject({
        method: 'POST',
        url: '/api/v1/users/logout',
        headers: { cookie: u.cookie },
      });
      expect(out.statusCode).toBe(200);
      expect(await whoIs(u.cookie)).toBeNull();
      const seen = await crowd;
      // Each answer of the crowd is the user or, for one signed out meanwhile, nobody.
      seen.forEach((name, i) => expect([live[i]!.username, null]).toContain(name));
    }
  });
});
