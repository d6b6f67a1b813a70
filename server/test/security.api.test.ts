import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { multipart, pngImage, signedInUser, uniqueUser } from './helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    corsOrigins: ['https://partner.example'],
    rateLimits: { login: { max: 3, windowSeconds: 60 }, register: { max: 2, windowSeconds: 3600 } },
  });
});
afterAll(async () => {
  await t.close();
});

describe('security baseline', () => {
  it('sends a strict Content-Security-Policy and the usual hardening headers', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/v1/users/check-session' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('refuses a state-changing request from an unlisted origin', async () => {
    const u = await signedInUser(t.server);
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie: u.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: 'Cross-origin request refused.' });
    // The session survived the forged request.
    const check = await t.server.inject({
      method: 'GET',
      url: '/api/v1/users/check-session',
      headers: { cookie: u.cookie },
    });
    expect(check.json().isAuthenticated).toBe(true);
  });

  it('refuses a cross-site write that carries no Origin header', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts same-origin writes', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('allows a listed origin, with credentials, including its preflight', async () => {
    const preflight = await t.server.inject({
      method: 'OPTIONS',
      url: '/api/v1/users/login',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');

    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { origin: 'https://partner.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
  });

  it('gives no CORS grant to an unlisted origin', async () => {
    const res = await t.server.inject({
      method: 'GET',
      url: '/api/v1/users/check-session',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('limits the size of a JSON body', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: 'a', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, success: false });
  });

  it('rate-limits sign-in attempts with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await t.server.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { username: 'someone', password: 'wrong-password' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last!.json().message).toBe('Too many attempts. Please try again later.');
    const retry = Number(last!.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // Another client is not affected.
    const other = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: 'someone', password: 'wrong-password' },
      remoteAddress: '10.9.9.10',
    });
    expect(other.statusCode).toBe(401);
  });

  it('rate-limits sign-ups with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        remoteAddress: '10.8.8.8',
        ...multipart({ ...uniqueUser(), avatar: await pngImage() }),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/users/register',
        '/api/v1/users/login',
        '/api/v1/users/logout',
        '/api/v1/users/check-session',
        '/api/v1/users/c/{username}',
      ]),
    );
  });
});
