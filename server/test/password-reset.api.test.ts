import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UserRepository } from '../src/repositories/user.repository.js';
import { apiCall } from './helpers/api-client.js';
import { signedInUser } from './helpers/fixtures.js';
import { mailApp, type manualClock } from './helpers/mail-app.js';
import { linkIn, type TestSmtpServer } from './helpers/smtp-server.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let smtp: TestSmtpServer;
let clock: ReturnType<typeof manualClock>;

beforeAll(async () => {
  ({ t, smtp, clock } = await mailApp());
});
afterAll(async () => {
  await t.close();
});

const to = (address: string) => (m: { to: string[] }) => m.to.includes(address);
const ask = (email: string, ip = '10.0.0.1') =>
  t.server.inject({
    method: 'POST',
    url: '/api/v1/users/password-reset',
    payload: { email },
    remoteAddress: ip,
  });
const confirm = (token: string, password: string) =>
  apiCall(t, 'POST', '/users/password-reset/confirm', { payload: { token, password } });
const login = (username: string, password: string) =>
  apiCall(t, 'POST', '/users/login', { payload: { username, password } });

async function resetLink(email: string): Promise<string> {
  const before = smtp.messages.length;
  expect((await ask(email)).statusCode).toBe(202);
  await t.app.services.passwordReset.settled();
  const mail = await smtp.waitFor(
    (m) => to(email)(m) && m.subject.startsWith('Reset') && smtp.messages.indexOf(m) >= before,
  );
  return linkIn(mail, '/reset-password').searchParams.get('token')!;
}

describe('password reset', () => {
  it('answers known and unknown addresses alike, and mails only an account', async () => {
    const user = await signedInUser(t.server, 'known');
    const known = await ask(user.email, '10.0.1.1');
    const unknown = await ask('nobody-here@example.com', '10.0.1.2');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await t.app.services.passwordReset.settled();
    await smtp.waitFor((m) => to(user.email)(m) && m.subject.startsWith('Reset'));
    const outbox = await t.database.db.selectFrom('mail_outbox').select('to_address').execute();
    expect(outbox.map((r) => r.to_address)).not.toContain('nobody-here@example.com');
    expect(smtp.messages.some(to('nobody-here@example.com'))).toBe(false);
  });

  it('answers before anything about the address is looked up, so its timing says nothing', async () => {
    const user = await signedInUser(t.server, 'timing');
    // Every lookup of an address by login is held until the answers are in.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const lookedUp: string[] = [];
    const findByLogin = UserRepository.prototype.findByLogin;
    const spy = vi
      .spyOn(UserRepository.prototype, 'findByLogin')
      .mockImplementation(async function (this: UserRepository, login: string) {
        lookedUp.push(login);
        await held;
        return findByLogin.call(this, login);
      });
    try {
      const known = await ask(user.email, '10.0.4.1');
      const unknown = await ask('nobody-timing@example.com', '10.0.4.2');
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(unknown.body).toBe(known.body);
      // Both were answered while their lookups waited, and nothing is queued yet.
      expect(lookedUp).toEqual([user.email, 'nobody-timing@example.com']);
      const queued = await t.database.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', user.email)
        .where('subject', 'like', 'Reset%')
        .execute();
      expect(queued).toEqual([]);
    } finally {
      release();
      spy.mockRestore();
    }
    await t.app.services.passwordReset.settled();
    await smtp.waitFor((m) => to(user.email)(m) && m.subject.startsWith('Reset'));
  });

  it('sets the new password from the link and ends every session', async () => {
    const user = await signedInUser(t.server, 'forgot');
    const other = await login(user.username, user.password);
    const otherCookie = `sid=${other.cookies.find((c) => c.name === 'sid')!.value}`;
    const token = await resetLink(user.email);

    const res = await confirm(token, 'a brand new secret');
    expect(res.statusCode).toBe(200);
    for (const cookie of [user.cookie, otherCookie]) {
      const session = await apiCall(t, 'GET', '/users/check-session', { cookie });
      expect(session.json().isAuthenticated).toBe(false);
    }
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, 'a brand new secret')).statusCode).toBe(200);

    const reuse = await confirm(token, 'another new secret');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toMatch(/already used/);
  });

  it('refuses an expired link with 410 and keeps the password', async () => {
    const user = await signedInUser(t.server, 'late');
    const token = await resetLink(user.email);
    clock.advance(60 * 60_000 + 1);
    const res = await confirm(token, 'a brand new secret');
    expect(res.statusCode).toBe(410);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('applies the password rules and keeps the link usable after a refusal', async () => {
    const user = await signedInUser(t.server, 'rules');
    const token = await resetLink(user.email);
    const short = await confirm(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ field: 'password' });
    const common = await confirm(token, 'password123');
    expect(common.statusCode).toBe(400);
    const personal = await confirm(token, user.email);
    expect(personal.statusCode).toBe(400);
    expect(personal.json().message).toMatch(/username or email/);
    expect((await confirm(token, 'finally a good one')).statusCode).toBe(200);
  });

  it('makes older links worthless once a new password is set', async () => {
    const user = await signedInUser(t.server, 'twice');
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    expect((await confirm(second, 'the second link wins')).statusCode).toBe(200);
    expect((await confirm(first, 'the first link loses')).statusCode).toBe(400);
  });

  it('limits requests per address and per client, alike for unknown addresses', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await ask('ghost@example.com', `10.0.2.${i}`)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const perClient = [];
    for (let i = 0; i < 11; i++)
      perClient.push((await ask(`ghost${i}@example.com`, '10.0.3.1')).statusCode);
    expect(perClient.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(perClient[10]).toBe(429);
    const refused = await ask('ghost99@example.com', '10.0.3.1');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('refuses bad input with field errors', async () => {
    expect((await ask('not an address')).statusCode).toBe(400);
    const res = await apiCall(t, 'POST', '/users/password-reset/confirm', {
      payload: { password: 'whatever it is' },
    });
    expect(res.statusCode).toBe(400);
    expect((await confirm('unknown-token', 'a fine new password')).statusCode).toBe(400);
  });
});

describe('without SMTP_URL', () => {
  it('says mail is off and answers reset requests 409 alike', async () => {
    const plain = await createTestApp();
    try {
      const instance = await apiCall(plain, 'GET', '/instance');
      expect(instance.json().data).toMatchObject({ mail: false, emailVerificationRequired: false });
      const user = await signedInUser(plain.server, 'nomail');
      const a = await apiCall(plain, 'POST', '/users/password-reset', {
        payload: { email: user.email },
      });
      const b = await apiCall(plain, 'POST', '/users/password-reset', {
        payload: { email: 'x@example.com' },
      });
      expect(a.statusCode).toBe(409);
      expect(b.body).toBe(a.body);
      expect(a.json().message).toMatch(/cannot send email/);
      const resend = await apiCall(plain, 'POST', '/users/me/verify-email/resend', {
        cookie: user.cookie,
      });
      expect(resend.statusCode).toBe(409);
      expect(await plain.database.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
