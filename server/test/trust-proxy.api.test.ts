import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/test-app.js';
import { createTestApp } from './helpers/test-app.js';
import { multipart, signedInUser, uniqueUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';

// TRUST_PROXY=10.0.0.1: only that peer's X-Forwarded-* headers are believed.
const PROXY = '10.0.0.1';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    trustProxy: [PROXY],
    // Only the per-address limits are under test here.
    loginLockoutAfter: 0,
    rateLimits: { login: { max: 3, windowSeconds: 60 }, register: { max: 2, windowSeconds: 3600 } },
  });
});
afterAll(async () => {
  await t.close();
});

let rotation = 0;
/** A different made-up client address on every call, as an attacker rotating the header. */
const forged = () => `198.18.${Math.floor(++rotation / 250)}.${rotation % 250}`;

function login(remoteAddress: string, xff?: string) {
  return t.server.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username: 'nobody-here', password: 'wrong-password' },
    remoteAddress,
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });
}

describe('TRUST_PROXY as a list of proxies', () => {
  it('ignores X-Forwarded-For from a peer that is not a listed proxy (sign-in limit)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login('203.0.113.50', forged())).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('counts the address the listed proxy saw, however the client rotates the rest', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // The proxy appends the address it saw; everything left of it is the client's to invent.
      statuses.push((await login(PROXY, `${forged()}, 203.0.113.60`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another real client behind the same proxy has its own count.
    expect((await login(PROXY, `${forged()}, 203.0.113.61`)).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from an untrusted peer for the sign-up limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      // No avatar: refused after the limit is counted, so no account is made.
      const body = multipart({ ...uniqueUser() });
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        remoteAddress: '203.0.113.70',
        payload: body.payload,
        headers: { ...body.headers, 'x-forwarded-for': forged() },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses[2]).toBe(429);
  });

  it('counts one view for a visitor rotating X-Forwarded-For through an untrusted peer', async () => {
    const owner = await signedInUser(t.server, 'proxyowner');
    const id = await insertVideo(t, owner.user._id);
    const counted: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.server.inject({
        method: 'POST',
        url: `/api/v1/videos/increaseviews/${id}`,
        remoteAddress: '203.0.113.80',
        headers: { 'x-forwarded-for': forged() },
      });
      expect(res.statusCode).toBe(200);
      counted.push(res.json().data.counted);
    }
    expect(counted).toEqual([true, false, false, false]);
    // Through the proxy, the real client behind it is one viewer, another is another.
    const via = (client: string) =>
      t.server.inject({
        method: 'POST',
        url: `/api/v1/videos/increaseviews/${id}`,
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `${forged()}, ${client}` },
      });
    expect((await via('203.0.113.81')).json().data.counted).toBe(true);
    expect((await via('203.0.113.81')).json().data.counted).toBe(false);
    expect((await via('203.0.113.82')).json().data.counted).toBe(true);
  });
});

describe('HSTS', () => {
  const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.server.inject({ method: 'GET', url: '/api/v1/users/check-session', remoteAddress, headers });

  it('is sent only over HTTPS, as a trusted proxy reports it', async () => {
    const plain = await get('203.0.113.90');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // An untrusted client claiming HTTPS is still on plain HTTP.
    const claimed = await get('203.0.113.90', { 'x-forwarded-proto': 'https' });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await get(PROXY, { 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const proxyPlain = await get(PROXY, { 'x-forwarded-proto': 'http' });
    expect(proxyPlain.headers['strict-transport-security']).toBeUndefined();
  });
});
