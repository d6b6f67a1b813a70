import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * A web app or client on another site (CORS_ORIGINS) keeping a session: the cookie it needs,
 * the Origin check that still guards every write, and private media read across origins.
 */
const APP = 'https://app.other.example';
const VIDEO_BYTES = Buffer.from('\x00\x00\x00\x18ftypmp42 a private video');

const cookieOf = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) => c.startsWith('sid=')) ??
  '';

describe('with another site in CORS_ORIGINS', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://video.example', corsOrigins: [APP] });
    user = await signedInUser(t.server, 'crosssite');
  });
  afterAll(async () => t.close());

  it('sets the session cookie SameSite=None; Secure, and clears it the same way', async () => {
    const login = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { origin: APP },
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['access-control-allow-origin']).toBe(APP);
    expect(login.headers['access-control-allow-credentials']).toBe('true');
    const cookie = cookieOf(login.headers['set-cookie']);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=None/);
    // Secure even over plain HTTP: browsers refuse SameSite=None without it (and honour it on
    // localhost for development).
    expect(cookie).toMatch(/; Secure/);

    const sid = cookie.split(';')[0]!;
    const session = await t.server.inject({
      method: 'GET',
      url: '/api/v1/users/check-session',
      headers: { origin: APP, cookie: sid },
    });
    expect(session.json()).toMatchObject({
      isAuthenticated: true,
      user: { username: user.username },
    });

    const logout = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { origin: APP, cookie: sid },
    });
    expect(logout.statusCode).toBe(200);
    const cleared = cookieOf(logout.headers['set-cookie']);
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/; SameSite=None/);
    expect(cleared).toMatch(/; Secure/);
  });

  it('still refuses writes from any origin not listed, with the cookie or without', async () => {
    for (const headers of [
      { origin: 'https://evil.example', cookie: user.cookie },
      { origin: 'null', cookie: user.cookie },
      { 'sec-fetch-site': 'cross-site', cookie: user.cookie },
    ] as Record<string, string>[]) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/v1/users/logout',
        headers,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    // The session those refusals carried is intact.
    const still = await t.server.inject({
      method: 'GET',
      url: '/api/v1/users/check-session',
      headers: { cookie: user.cookie },
    });
    expect(still.json()).toMatchObject({
      isAuthenticated: true,
      user: { username: user.username },
    });
  });

  it('serves a private video’s bytes to its owner from the allowed origin, with CORS credentials', async () => {
    const id = await insertVideo(t, user.user._id, { visibility: 'private' });
    const { video_key: key } = await t.database.db
      .selectFrom('videos')
      .select('video_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t.blobs.putBuffer(key, VIDEO_BYTES);

    const preflight = await t.server.inject({
      method: 'OPTIONS',
      url: `/media/${key}`,
      headers: {
        origin: APP,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'range',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(APP);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');

    const owned = await t.server.inject({
      method: 'GET',
      url: `/media/${key}`,
      headers: { origin: APP, cookie: user.cookie, range: 'bytes=0-3' },
    });
    expect(owned.statusCode).toBe(206);
    expect(owned.rawPayload).toEqual(VIDEO_BYTES.subarray(0, 4));
    expect(owned.headers['access-control-allow-origin']).toBe(APP);
    expect(owned.headers['access-control-allow-credentials']).toBe('true');
    expect(String(owned.headers['access-control-expose-headers'])).toContain('content-range');

    // Without the cookie: a status the client reads (CORS headers present), in JSON, never a
    // body typed as video that a careless client would save as the file.
    for (const url of [`/media/${key}`, `/api/v1/videos/${id}/download`]) {
      const anonymous = await t.server.inject({ method: 'GET', url, headers: { origin: APP } });
      expect(anonymous.statusCode, url).toBe(404);
      expect(anonymous.headers['access-control-allow-origin'], url).toBe(APP);
      expect(anonymous.headers['content-type'], url).toMatch(/^application\/json/);
      expect(anonymous.headers['content-disposition'], url).toBeUndefined();
      expect(anonymous.json(), url).toMatchObject({ statusCode: 404, success: false });
    }

    const download = await t.server.inject({
      method: 'GET',
      url: `/api/v1/videos/${id}/download`,
      headers: { origin: APP, cookie: user.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(VIDEO_BYTES);
    expect(download.headers['access-control-allow-origin']).toBe(APP);
    expect(String(download.headers['access-control-expose-headers'])).toContain(
      'content-disposition',
    );
  });
});

describe('without another site in CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      publicUrl: 'http://localhost:3000',
      corsOrigins: ['http://localhost:5173'],
    });
  });
  afterAll(async () => t.close());

  it('keeps the session cookie SameSite=Lax, Secure only over HTTPS', async () => {
    const user = await signedInUser(t.server, 'samesite');
    const login = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: user.username, password: user.password },
    });
    const cookie = cookieOf(login.headers['set-cookie']);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure/);
  });
});
