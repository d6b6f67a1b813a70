import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/fixtures.js';
import { mailApp } from './helpers/mail-app.js';
import { linkIn, type TestSmtpServer } from './helpers/smtp-server.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';
import type { TestApp } from './helpers/test-app.js';

/** An admin sets an account's password from the console: POST /admin/users/:id/password. */
let t: TestApp;
let smtp: TestSmtpServer;
let admin: SignedIn;
let moderator: SignedIn;

beforeAll(async () => {
  ({ t, smtp } = await mailApp());
  admin = await staffUser(t, 'admin', 'pwadmin');
  moderator = await staffUser(t, 'moderator', 'pwmod');
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'brass lantern meadow';
const setPassword = (id: string, cookie: string | undefined, body?: unknown) =>
  call(t, 'POST', `/admin/users/${id}/password`, { cookie, body });
const signIn = (username: string, password: string) =>
  call(t, 'POST', '/users/login', { body: { username, password } });
const signedIn = async (cookie: string) =>
  (await call(t, 'GET', '/users/check-session', { cookie })).json().isAuthenticated as boolean;
const to = (address: string) => (m: { to: string[] }) => m.to.includes(address);

async function audit(targetId: string) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'reason'])
    .where('target_id', '=', targetId)
    .execute();
}

async function resetLinkFor(email: string): Promise<string> {
  const asked = await call(t, 'POST', '/users/password-reset', { body: { email } });
  expect(asked.statusCode).toBe(202);
  await t.app.services.passwordReset.settled();
  const mail = await smtp.waitFor((m) => to(email)(m) && m.subject.startsWith('Reset'));
  return linkIn(mail, '/reset-password').searchParams.get('token')!;
}

describe('POST /admin/users/:id/password', () => {
  it('sets it with the reason logged: every session ends, links out die, and the owner is told', async () => {
    const user = await signedInUser(t.server, 'lostmailbox');
    const second = await signIn(user.username, user.password);
    const secondCookie = `sid=${second.cookies.find((c) => c.name === 'sid')!.value}`;
    const token = await resetLinkFor(user.email);

    const res = await setPassword(user.user._id, admin.cookie, {
      password: NEW_PASSWORD,
      reason: 'Mailbox gone; identity checked by video call',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Password set. Every session of the account ended.',
      data: { _id: user.user._id, username: user.username },
    });
    expect(JSON.stringify(res.json())).not.toContain(NEW_PASSWORD);

    expect(await signedIn(user.cookie)).toBe(false);
    expect(await signedIn(secondCookie)).toBe(false);
    expect((await signIn(user.username, user.password)).statusCode).toBe(401);
    expect((await signIn(user.username, NEW_PASSWORD)).statusCode).toBe(200);
    const stale = await call(t, 'POST', '/users/password-reset/confirm', {
      body: { token, password: 'another fresh secret' },
    });
    expect(stale.statusCode).toBe(400);
    expect((await signIn(user.username, NEW_PASSWORD)).statusCode).toBe(200);

    expect(await audit(user.user._id)).toEqual([
      {
        action: 'user.password',
        actor_id: admin.user._id,
        reason: 'Mailbox gone; identity checked by video call',
      },
    ]);
    const notice = await smtp.waitFor(
      (m) => to(user.email)(m) && m.subject.startsWith('Your password was changed'),
    );
    expect(notice.text).toContain('Testshare');
    expect(notice.text).not.toContain(NEW_PASSWORD);
    // The admin's own session is untouched.
    expect(await signedIn(admin.cookie)).toBe(true);
  });

  it('works on another admin’s account and without a reason', async () => {
    const other = await staffUser(t, 'admin', 'pwotheradmin');
    const res = await setPassword(other.user._id, admin.cookie, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await signIn(other.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await audit(other.user._id)).toEqual([
      { action: 'user.password', actor_id: admin.user._id, reason: null },
    ]);
  });

  it('is refused to moderators, users, visitors and on the admin’s own account, changing nothing', async () => {
    const target = await signedInUser(t.server, 'keepspassword');
    const other = await signedInUser(t.server, 'keepspasswordother');
    const body = { password: NEW_PASSWORD };
    const moderated = await setPassword(target.user._id, moderator.cookie, body);
    const byUser = await setPassword(target.user._id, other.cookie, body);
    const own = await setPassword(admin.user._id, admin.cookie, body);
    const visitor = await setPassword(target.user._id, undefined, body);
    expect([moderated, byUser, own, visitor].map((r) => r.statusCode)).toEqual([
      403, 403, 403, 401,
    ]);
    expect(own.json().message).toBe('Change your own password in Settings.');
    expect((await setPassword('000000000000000000000000', admin.cookie, body)).statusCode).toBe(
      404,
    );
    expect((await setPassword('not an id', admin.cookie, body)).statusCode).toBe(404);

    expect(await signedIn(target.cookie)).toBe(true);
    expect(await signedIn(admin.cookie)).toBe(true);
    expect((await signIn(target.username, target.password)).statusCode).toBe(200);
    expect((await signIn(admin.username, admin.password)).statusCode).toBe(200);
    expect(await audit(target.user._id)).toEqual([]);
    expect(await audit(admin.user._id)).toEqual([]);
  });

  it('applies the sign-up password rules and names the field, changing nothing', async () => {
    const target = await signedInUser(t.server, 'weakpassword');
    const cases: [unknown, string][] = [
      [{}, 'password'],
      [{ password: 'short' }, 'password'],
      [{ password: 'password123' }, 'password'],
      [{ password: target.username }, 'password'],
      [{ password: target.email.toUpperCase() }, 'password'],
      [{ password: 'x'.repeat(500) }, 'password'],
      [{ password: NEW_PASSWORD, reason: 'r'.repeat(5_000) }, 'reason'],
      [{ password: 12345678 }, 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await setPassword(target.user._id, admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const notJson = await t.server.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${target.user._id}/password`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: '{"password":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await signedIn(target.cookie)).toBe(true);
    expect((await signIn(target.username, target.password)).statusCode).toBe(200);
    expect(await audit(target.user._id)).toEqual([]);
  });
});
