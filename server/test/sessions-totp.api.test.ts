import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../src/lib/totp.js';
import { apiCall } from './helpers/api-client.js';
import { signedInUser } from './helpers/fixtures.js';
import { manualClock } from './helpers/mail-app.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
const clock = manualClock(Date.UTC(2026, 0, 15, 12, 0, 5));

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await t.close();
});

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const login = (payload: object, ua = CHROME, ip = '203.0.113.7') =>
  t.server.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload,
    headers: { 'user-agent': ua },
    remoteAddress: ip,
  });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
const authed = async (cookie: string) =>
  (await apiCall(t, 'GET', '/users/check-session', { cookie })).json().isAuthenticated as boolean;

describe('sessions', () => {
  it('lists each sign-in with its device, address and times, marking this one', async () => {
    const user = await signedInUser(t.server, 'sess');
    const phone = await login(
      { username: user.username, password: user.password },
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      '198.51.100.4',
    );
    const desktop = await login({ username: user.username, password: user.password });
    const res = await apiCall(t, 'GET', '/users/me/sessions', { cookie: cookieOf(desktop) });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as {
      _id: string;
      device: string;
      address: string;
      current: boolean;
      createdAt: string;
      lastUsedAt: string;
    }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toMatchObject([
      { device: 'Chrome on Windows', address: '203.0.113.7' },
    ]);
    expect(list.find((s) => s.device === 'Safari on iPhone')).toMatchObject({
      address: '198.51.100.4',
      current: false,
    });
    expect(list[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(list)).not.toContain(user.token);

    const phoneId = list.find((s) => s.device === 'Safari on iPhone')!._id;
    const end = await apiCall(t, 'DELETE', `/users/me/sessions/${phoneId}`, {
      cookie: cookieOf(desktop),
    });
    expect(end.statusCode).toBe(200);
    expect(await authed(cookieOf(phone))).toBe(false);
    expect(await authed(cookieOf(desktop))).toBe(true);
  });

  it('signs out everywhere else and keeps this one; another account’s session is a 404', async () => {
    const user = await signedInUser(t.server, 'elsewhere');
    const stranger = await signedInUser(t.server, 'stranger');
    const second = await login({ username: user.username, password: user.password });
    const theirs = (
      await apiCall(t, 'GET', '/users/me/sessions', { cookie: stranger.cookie })
    ).json().data[0]._id;
    expect(
      (await apiCall(t, 'DELETE', `/users/me/sessions/${theirs}`, { cookie: user.cookie }))
        .statusCode,
    ).toBe(404);
    expect(await authed(stranger.cookie)).toBe(true);
    const res = await apiCall(t, 'DELETE', '/users/me/sessions', { cookie: cookieOf(second) });
    expect(res.statusCode).toBe(200);
    expect(await authed(user.cookie)).toBe(false);
    expect(await authed(cookieOf(second))).toBe(true);
    expect((await apiCall(t, 'GET', '/users/me/sessions')).statusCode).toBe(401);
  });
});

describe('two-factor sign-in', () => {
  it('is set up with a first code, then asks for a code at sign-in, once per code', async () => {
    const user = await signedInUser(t.server, 'totp');
    const setup = await apiCall(t, 'POST', '/users/me/totp', { cookie: user.cookie });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json().data as { secret: string; otpauthUrl: string };
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);

    const wrong = await apiCall(t, 'POST', '/users/me/totp/confirm', {
      cookie: user.cookie,
      payload: { code: '000000' === totpCode(secret, clock.now()) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const code = totpCode(secret, clock.now());
    const on = await apiCall(t, 'POST', '/users/me/totp/confirm', {
      cookie: user.cookie,
      payload: { code },
    });
    expect(on.statusCode).toBe(200);
    const recovery = on.json().data.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);
    const stored = await t.database.db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.user._id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recovery[0]!.replace('-', ''));
    expect(
      (await apiCall(t, 'GET', '/users/check-session', { cookie: user.cookie })).json().user
        .totpEnabled,
    ).toBe(true);

    const noCode = await login({ username: user.username, password: user.password });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({
      success: false,
      totpRequired: true,
      message: expect.any(String),
    });
    expect(noCode.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    // A wrong password says nothing about a second factor.
    const badPassword = await login({ username: user.username, password: 'wrong password!', code });
    expect(badPassword.statusCode).toBe(401);
    expect(badPassword.json().totpRequired).toBeUndefined();

    // The code that turned it on cannot sign in within its step (RFC 6238 §5.2).
    const replay = await login({ username: user.username, password: user.password, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().totpRequired).toBe(true);

    clock.advance(30_000);
    const next = totpCode(secret, clock.now());
    const ok = await login({ username: user.username, password: user.password, code: next });
    expect(ok.statusCode).toBe(200);
    const again = await login({ username: user.username, password: user.password, code: next });
    expect(again.statusCode).toBe(401);

    const withRecovery = await login({
      username: user.username,
      password: user.password,
      code: recovery[0]!.toUpperCase(),
    });
    expect(withRecovery.statusCode).toBe(200);
    const recoveryAgain = await login({
      username: user.username,
      password: user.password,
      code: recovery[0]!,
    });
    expect(recoveryAgain.statusCode).toBe(401);
    clock.advance(60_000);
  });

  it('turns off only with the password and a code', async () => {
    const user = await signedInUser(t.server, 'totpoff');
    const { secret } = (await apiCall(t, 'POST', '/users/me/totp', { cookie: user.cookie })).json()
      .data;
    await apiCall(t, 'POST', '/users/me/totp/confirm', {
      cookie: user.cookie,
      payload: { code: totpCode(secret, clock.now()) },
    });
    expect((await apiCall(t, 'POST', '/users/me/totp', { cookie: user.cookie })).statusCode).toBe(
      409,
    );
    clock.advance(30_000);
    const code = totpCode(secret, clock.now());
    const noPassword = await apiCall(t, 'DELETE', '/users/me/totp', {
      cookie: user.cookie,
      payload: { password: 'wrong password!', code },
    });
    expect(noPassword.statusCode).toBe(401);
    const badCode = await apiCall(t, 'DELETE', '/users/me/totp', {
      cookie: user.cookie,
      payload: { password: user.password, code: '12345' },
    });
    expect(badCode.statusCode).toBe(400);
    const off = await apiCall(t, 'DELETE', '/users/me/totp', {
      cookie: user.cookie,
      payload: { password: user.password, code },
    });
    expect(off.statusCode).toBe(200);
    expect((await login({ username: user.username, password: user.password })).statusCode).toBe(
      200,
    );
    expect(
      await t.database.db
        .selectFrom('totp_recovery_codes')
        .select('code_hash')
        .where('user_id', '=', user.user._id)
        .execute(),
    ).toEqual([]);
    clock.advance(60_000);
  });
});

describe('turning two-factor sign-in off', () => {
  it('counts wrong codes against the account, even with the right password', async () => {
    const user = await signedInUser(t.server, 'totpguess');
    const { secret } = (await apiCall(t, 'POST', '/users/me/totp', { cookie: user.cookie })).json()
      .data;
    await apiCall(t, 'POST', '/users/me/totp/confirm', {
      cookie: user.cookie,
      payload: { code: totpCode(secret, clock.now()) },
    });
    clock.advance(30_000);
    const current = totpCode(secret, clock.now());
    const wrong = String((Number(current) + 500_000) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await apiCall(t, 'DELETE', '/users/me/totp', {
        cookie: user.cookie,
        payload: { password: user.password, code: wrong },
      });
      statuses.push(res.statusCode);
    }
    // Five failures are allowed (LOGIN_LOCKOUT_AFTER), then the account is locked.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const locked = await apiCall(t, 'DELETE', '/users/me/totp', {
      cookie: user.cookie,
      payload: { password: user.password, code: current },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // Once the lock has passed, the right code turns it off and clears the count.
    clock.advance(5 * 60_000);
    const off = await apiCall(t, 'DELETE', '/users/me/totp', {
      cookie: user.cookie,
      payload: { password: user.password, code: totpCode(secret, clock.now()) },
    });
    expect(off.statusCode).toBe(200);
    const failures = await t.database.db
      .selectFrom('login_failures')
      .select('failures')
      .where('account', '=', `user:${user.user._id}`)
      .execute();
    expect(failures).toEqual([]);
    clock.advance(60_000);
  });
});

describe('GET /users/me/export', () => {
  it('gives the profile, videos with links to originals, comments, likes, subscriptions and history', async () => {
    const user = await signedInUser(t.server, 'exporter');
    const other = await signedInUser(t.server, 'exported');
    await apiCall(t, 'PATCH', '/users/me', { cookie: user.cookie, payload: { bio: 'My bio' } });
    const { insertVideo } = await import('./helpers/video-rows.js');
    const mine = await insertVideo(t, user.user._id, { title: 'My own video' });
    const theirs = await insertVideo(t, other.user._id, { title: 'Their video' });
    await apiCall(t, 'POST', `/comments/createcomments/u/${theirs}`, {
      cookie: user.cookie,
      payload: { content: 'Nice one!' },
    });
    await apiCall(t, 'POST', `/toggle/like-dislike/${theirs}/like`, {
      cookie: user.cookie,
      payload: { contentType: 'Video' },
    });
    await apiCall(t, 'POST', `/subscriptions/u/${other.user._id}`, { cookie: user.cookie });
    await apiCall(t, 'POST', `/videos/increaseviews/${theirs}`, { cookie: user.cookie });

    const res = await apiCall(t, 'GET', '/users/me/export', { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="vidshare-export-${user.username}.json"`,
    );
    const data = res.json();
    expect(data.profile).toMatchObject({
      username: user.username,
      email: user.email,
      bio: 'My bio',
    });
    expect(data.videos).toMatchObject([
      { _id: mine, title: 'My own video', originalUrl: expect.stringMatching(/\/media\/videos\//) },
    ]);
    expect(data.comments).toMatchObject([{ videoId: theirs, content: 'Nice one!' }]);
    expect(data.likes).toMatchObject([{ type: 'Video', targetId: theirs, kind: 'like' }]);
    expect(data.subscriptions).toMatchObject([
      { channelId: other.user._id, username: other.username },
    ]);
    expect(data.history).toMatchObject([{ videoId: theirs }]);
    expect(res.body).not.toMatch(/argon|password_hash|token_hash/);
  });

  it('is limited to 3 an hour and needs a session', async () => {
    const user = await signedInUser(t.server, 'exportlimit');
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await apiCall(t, 'GET', '/users/me/export', { cookie: user.cookie })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await apiCall(t, 'GET', '/users/me/export')).statusCode).toBe(401);
  });
});
