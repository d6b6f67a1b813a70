import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { pngImage, register, signedInUser, uniqueUser } from './helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function login(username: string, password: string) {
  return t.server.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username, password },
  });
}

function checkSession(headers: Record<string, string> = {}) {
  return t.server.inject({ method: 'GET', url: '/api/v1/users/check-session', headers });
}

describe('POST /users/login', () => {
  it('signs in with the email or the username, in any case, and sets an HttpOnly cookie', async () => {
    const fields = uniqueUser('Login');
    await register(t.server, { ...fields, avatar: await pngImage() });
    for (const identifier of [fields.email, fields.username, fields.email.toUpperCase()]) {
      const res = await login(identifier, fields.password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        data: { user: { username: fields.username, email: fields.email, subscribersCount: 0 } },
      });
      // The account's flag `hasPassword` says only whether one is set.
      expect(res.body.replace('"hasPassword":true', '')).not.toMatch(/password|argon|token/i);
      const cookie = res.cookies.find((c) => c.name === 'sid');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('stores only a hash of the session token', async () => {
    const u = await signedInUser(t.server);
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === u.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers 401 with the same message for a wrong password and an unknown account', async () => {
    const u = await signedInUser(t.server);
    const wrong = await login(u.username, 'wrong password!');
    const unknown = await login('nobody-here', 'whatever123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username/email or password.');
    expect(unknown.json().message).toBe(wrong.json().message);
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('answers 400 with field errors when a field is missing', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('password');
  });

  it('answers 400 for malformed JSON without leaking internals', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, statusCode: 400 });
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

describe('GET /users/check-session', () => {
  it('is 200 and signed out without a session', async () => {
    const res = await checkSession();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, isAuthenticated: false });
    expect(res.json().user).toBeUndefined();
  });

  it('is 200 and signed out with an unknown or absurd token', async () => {
    for (const token of ['nope', 'x'.repeat(5000)]) {
      const res = await checkSession({ cookie: `sid=${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().isAuthenticated).toBe(false);
    }
  });

  it('answers the user for a session cookie and for a Bearer token', async () => {
    const u = await signedInUser(t.server);
    const variants: Record<string, string>[] = [
      { cookie: u.cookie },
      { authorization: `Bearer ${u.token}` },
    ];
    for (const headers of variants) {
      const res = await checkSession(headers);
      expect(res.json()).toMatchObject({
        success: true,
        isAuthenticated: true,
        user: {
          _id: u.user._id,
          username: u.username,
          subscribersCount: 0,
          // A password account has no identity provider.
          identityProviders: [],
        },
      });
    }
  });

  it('treats an expired session as signed out', async () => {
    const u = await signedInUser(t.server);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const res = await checkSession({ cookie: u.cookie });
    expect(res.json().isAuthenticated).toBe(false);
  });
});

describe('POST /users/logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const u = await signedInUser(t.server);
    const out = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie: u.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().success).toBe(true);
    const cleared = out.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    // The old token no longer works, even if a client kept it.
    const after = await checkSession({ cookie: u.cookie });
    expect(after.json().isAuthenticated).toBe(false);
  });

  it('is harmless without a session', async () => {
    const out = await t.server.inject({ method: 'POST', url: '/api/v1/users/logout' });
    expect(out.statusCode).toBe(200);
  });
});
