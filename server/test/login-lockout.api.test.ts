import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';

// Failed sign-ins are counted per account, whatever address they come from: after 3 in a row
// (LOGIN_LOCKOUT_AFTER=3 here) the account is locked for 30 s, doubling up to 5 minutes.
let now = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLockoutAfter: 3 }, { now: () => now });
});
afterAll(async () => {
  await t.close();
});

let address = 0;
function login(username: string, password: string) {
  address += 1;
  return t.server.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username, password },
    // A new address every time: the per-address limit never applies.
    remoteAddress: `198.18.${Math.floor(address / 250)}.${address % 250}`,
  });
}
const statuses = async (n: number, username: string, password = 'wrong password!') => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await login(username, password)).statusCode);
  return out;
};

describe('failed sign-ins per account', () => {
  it('locks the account after 3 failures from rotating addresses, with Retry-After', async () => {
    const u = await signedInUser(t.server, 'lockme');
    expect(await statuses(3, u.username)).toEqual([401, 401, 401]);
    // Even the right password waits: the lock is not an oracle for guesses.
    const locked = await login(u.username, u.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      success: false,
      message: 'Too many failed sign-ins for this account. Please try again later.',
    });
    expect(Number(locked.headers['retry-after'])).toBe(30);
    // The email is the same account.
    expect((await login(u.email, u.password)).statusCode).toBe(429);

    now += 31_000;
    // One more guess is allowed, fails, and doubles the lock.
    expect((await login(u.username, 'another guess')).statusCode).toBe(401);
    const again = await login(u.username, u.password);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(60);

    now += 61_000;
    // The owner gets in, which forgets the failures.
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    expect(await statuses(3, u.username)).toEqual([401, 401, 401]);
    expect((await login(u.username, u.password)).statusCode).toBe(429);
    now += 31_000;
    expect((await login(u.username, u.password)).statusCode).toBe(200);
  });

  it('keeps every lock short: never longer than 5 minutes however many failures', async () => {
    const u = await signedInUser(t.server, 'bounded');
    const retries: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await login(u.username, 'still guessing');
      if (res.statusCode === 429) {
        retries.push(Number(res.headers['retry-after']));
        now += Number(res.headers['retry-after']) * 1000 + 1000;
      }
    }
    expect(retries.length).toBeGreaterThan(3);
    expect(Math.max(...retries)).toBe(300);
    expect(retries).toEqual([...retries].sort((a, b) => a - b));
    now += 301_000;
    expect((await login(u.username, u.password)).statusCode).toBe(200);
  });

  it('locks a name that is no account the same way, so a 429 reveals nothing', async () => {
    expect(await statuses(4, 'nobody-at-all')).toEqual([401, 401, 401, 429]);
  });

  it('lets concurrent guesses past the allowance no further than sequential ones', async () => {
    const u = await signedInUser(t.server, 'parallel');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(u.username, `parallel guess ${i}`)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(9);
  });

  it('forgets failures after an hour without any', async () => {
    const u = await signedInUser(t.server, 'quiet');
    expect(await statuses(2, u.username)).toEqual([401, 401]);
    now += 3_600_001;
    // Counted from one again: two more failures still do not lock.
    expect(await statuses(2, u.username)).toEqual([401, 401]);
    expect((await login(u.username, u.password)).statusCode).toBe(200);
    // And housekeeping drops rows nobody needs any more.
    now += 3_600_001;
    await t.app.services.auth.prune();
    const rows = await t.database.db.selectFrom('login_failures').select('account').execute();
    expect(rows.every((r) => !r.account.includes(u.user._id))).toBe(true);
  });
});
