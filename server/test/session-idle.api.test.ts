import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { hashToken } from '../src/lib/tokens.js';

// SESSION_IDLE_MINUTES=60 here: a session unused for an hour ends; use slides the deadline.
const MIN = 60_000;
let now = Date.now();
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionIdleMinutes: 60 }, { now: () => now });
  off = await createTestApp({ sessionIdleMinutes: 0 }, { now: () => now });
});
afterAll(async () => {
  await t.close();
  await off.close();
});

const signedIn = async (app: TestApp, cookie: string) => {
  const res = await app.server.inject({
    method: 'GET',
    url: '/api/v1/users/check-session',
    headers: { cookie },
  });
  return res.json().isAuthenticated as boolean;
};
const lastSeen = async (app: TestApp, token: string) => {
  const row = await app.database.db
    .selectFrom('sessions')
    .select('last_seen_at')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row ? Number(row.last_seen_at) : undefined;
};

describe('session idle timeout', () => {
  it('slides with use, writing at most once a minute, and ends after an idle hour', async () => {
    const u = await signedInUser(t.server, 'idle');
    const start = now;
    expect(await lastSeen(t, u.token)).toBe(start);

    now += 30_000;
    expect(await signedIn(t, u.cookie)).toBe(true);
    // Within the minute: no write.
    expect(await lastSeen(t, u.token)).toBe(start);

    now += 31_000;
    expect(await signedIn(t, u.cookie)).toBe(true);
    expect(await lastSeen(t, u.token)).toBe(now);

    // Used every 59 minutes, it lives on past the first hour.
    for (let i = 0; i < 3; i++) {
      now += 59 * MIN;
      expect(await signedIn(t, u.cookie)).toBe(true);
    }
    now += 60 * MIN + 1;
    expect(await signedIn(t, u.cookie)).toBe(false);
    // Refused on every route, not just check-session.
    const liked = await t.server.inject({
      method: 'GET',
      url: '/api/v1/toggle/getlikedvideos',
      headers: { cookie: u.cookie },
    });
    expect(liked.statusCode).toBe(401);
    // Housekeeping removes it.
    await t.app.services.auth.prune();
    expect(await lastSeen(t, u.token)).toBeUndefined();
  });

  it('applies to Bearer tokens alike', async () => {
    const u = await signedInUser(t.server, 'idlebearer');
    now += 61 * MIN;
    const res = await t.server.inject({
      method: 'GET',
      url: '/api/v1/users/check-session',
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(res.json().isAuthenticated).toBe(false);
  });

  it('is off with 0: only the session lifetime applies', async () => {
    const u = await signedInUser(off.server, 'noidle');
    now += 20 * 24 * 60 * MIN;
    expect(await signedIn(off, u.cookie)).toBe(true);
    // Nothing is written per request when there is no idle timeout.
    expect(await lastSeen(off, u.token)).toBe(now - 20 * 24 * 60 * MIN);
    now += 11 * 24 * 60 * MIN;
    expect(await signedIn(off, u.cookie)).toBe(false);
  });
});
