import { ACCOUNT_MESSAGES } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './helpers/api-client.js';
import { signedInUser } from './helpers/fixtures.js';
import { mailApp } from './helpers/mail-app.js';
import { linkIn, type ReceivedMail, type TestSmtpServer } from './helpers/smtp-server.js';
import type { TestApp } from './helpers/test-app.js';

/**
 * Links still out when the owner takes the account back: an address change asked for by
 * whoever had a session and the password must not outlive a new password, "sign out
 * everywhere else" or a newer request, and a reset link must not outlive a new password.
 */
let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  ({ t, smtp } = await mailApp());
});
afterAll(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<typeof signedInUser>>;

const login = (username: string, password: string) =>
  apiCall(t, 'POST', '/users/login', { payload: { username, password } });
const cookieOf = (res: Awaited<ReturnType<typeof login>>) =>
  `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
const addressOf = async (cookie: string) =>
  (await apiCall(t, 'GET', '/users/check-session', { cookie })).json().user.email as string;
const follow = (token: string) => apiCall(t, 'POST', '/users/verify-email', { payload: { token } });
const tokenIn = (mail: ReceivedMail, page: string) => linkIn(mail, page).searchParams.get('token')!;

/** The newest mail to `address` after `before` messages. */
const mailTo = (address: string, before: number, subject = '') =>
  smtp.waitFor(
    (m) =>
      m.to.includes(address) && m.subject.startsWith(subject) && smtp.messages.indexOf(m) >= before,
  );

/** Someone who has a session of the account and its password asks to move it to `address`. */
async function askChange(cookie: string, password: string, address: string): Promise<string> {
  const before = smtp.messages.length;
  const res = await apiCall(t, 'POST', '/users/me/email', {
    cookie,
    payload: { email: address, password },
  });
  expect(res.statusCode, res.body).toBe(202);
  return tokenIn(await mailTo(address, before), '/verify-email');
}

async function resetToken(email: string): Promise<string> {
  const before = smtp.messages.length;
  const res = await apiCall(t, 'POST', '/users/password-reset', { payload: { email } });
  expect(res.statusCode).toBe(202);
  await t.app.services.passwordReset.settled();
  return tokenIn(await mailTo(email, before, 'Reset'), '/reset-password');
}

/** The link answers as an unknown one and the account keeps its address. */
async function expectDead(token: string, owner: Account, ownerCookie: string) {
  const res = await follow(token);
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);
  expect(await addressOf(ownerCookie)).toBe(owner.email);
}

/** The account, and a second session of it held by someone who also knows the password. */
async function takenOver(prefix: string) {
  const owner = await signedInUser(t.server, prefix);
  const intruder = cookieOf(await login(owner.username, owner.password));
  const change = await askChange(intruder, owner.password, `intruder-${owner.email}`);
  return { owner, intruder, change };
}

describe('a pending address change', () => {
  it('dies with a password reset by mail, and cannot take the account afterwards', async () => {
    const { owner, change } = await takenOver('resetkills');
    const reset = await resetToken(owner.email);
    const confirmed = await apiCall(t, 'POST', '/users/password-reset/confirm', {
      payload: { token: reset, password: 'the owner is back' },
    });
    expect(confirmed.statusCode).toBe(200);
    const back = cookieOf(await login(owner.username, 'the owner is back'));
    await expectDead(change, owner, back);
    // The address was never moved, so no reset can be asked for through it.
    expect((await login(`intruder-${owner.email}`, 'the owner is back')).statusCode).toBe(401);
  });

  it('dies with a password change in Settings', async () => {
    const { owner, change } = await takenOver('changekills');
    const res = await apiCall(t, 'POST', '/users/change-password', {
      cookie: owner.cookie,
      payload: { currentPassword: owner.password, newPassword: 'a brand new secret' },
    });
    expect(res.statusCode).toBe(200);
    await expectDead(change, owner, owner.cookie);
  });

  it('dies with "sign out everywhere else", as the notice to the old address advises', async () => {
    const { owner, intruder, change } = await takenOver('signoutkills');
    const res = await apiCall(t, 'DELETE', '/users/me/sessions', { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect((await apiCall(t, 'GET', '/users/me/sessions', { cookie: intruder })).statusCode).toBe(
      401,
    );
    await expectDead(change, owner, owner.cookie);
  });

  it('survives none of it when done in the order the notice gives', async () => {
    const { owner, change } = await takenOver('allsteps');
    const reset = await resetToken(owner.email);
    await apiCall(t, 'POST', '/users/password-reset/confirm', {
      payload: { token: reset, password: 'first new secret' },
    });
    const back = cookieOf(await login(owner.username, 'first new secret'));
    await apiCall(t, 'POST', '/users/change-password', {
      cookie: back,
      payload: { currentPassword: 'first new secret', newPassword: 'second new secret' },
    });
    expect((await apiCall(t, 'DELETE', '/users/me/sessions', { cookie: back })).statusCode).toBe(
      200,
    );
    await expectDead(change, owner, back);
  });

  it('is replaced by a newer request: the older link dies, before and after the newer one is followed', async () => {
    const owner = await signedInUser(t.server, 'newer');
    const e1 = `one-${owner.email}`;
    const e2 = `two-${owner.email}`;
    const first = await askChange(owner.cookie, owner.password, e1);
    const second = await askChange(owner.cookie, owner.password, e2);
    await expectDead(first, owner, owner.cookie);
    const done = await follow(second);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.email).toBe(e2);
    const stale = await follow(first);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    expect(await addressOf(owner.cookie)).toBe(e2);
  });

  it('is applied once when followed twice at once, the other answer a refusal, not a 500', async () => {
    const owner = await signedInUser(t.server, 'twice');
    const e1 = `one-${owner.email}`;
    const first = await askChange(owner.cookie, owner.password, e1);
    const [a, b] = await Promise.all([follow(first), follow(first)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await addressOf(owner.cookie)).toBe(e1);
  });
});

describe('a pending password reset link', () => {
  it('dies with a password change in Settings, which keeps working', async () => {
    const owner = await signedInUser(t.server, 'resetdies');
    const reset = await resetToken(owner.email);
    const changed = await apiCall(t, 'POST', '/users/change-password', {
      cookie: owner.cookie,
      payload: { currentPassword: owner.password, newPassword: 'chosen in settings' },
    });
    expect(changed.statusCode).toBe(200);
    const res = await apiCall(t, 'POST', '/users/password-reset/confirm', {
      payload: { token: reset, password: 'set by an old link' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    expect((await login(owner.username, 'set by an old link')).statusCode).toBe(401);
    expect((await login(owner.username, 'chosen in settings')).statusCode).toBe(200);
  });

  it('still works after "sign out everywhere else", which only ends address changes', async () => {
    const owner = await signedInUser(t.server, 'resetlives');
    const reset = await resetToken(owner.email);
    await apiCall(t, 'DELETE', '/users/me/sessions', { cookie: owner.cookie });
    const res = await apiCall(t, 'POST', '/users/password-reset/confirm', {
      payload: { token: reset, password: 'still reachable' },
    });
    expect(res.statusCode).toBe(200);
  });
});
