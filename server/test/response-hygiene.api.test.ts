import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { multipart, pngImage, signedInUser, uniqueUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';

// What every answer says about caching, what bad text in a query does, and what the log
// holds when anonymous visitors hit routes of a feature that is off.
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      logLines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
let videoId: string;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'info', stream: logStream } });
  user = await signedInUser(t.server, 'hygiene');
  videoId = await insertVideo(t, user.user._id, { title: 'Hygiene video' });
});
afterAll(async () => {
  await t.close();
});

describe('Cache-Control on answers with personal data', () => {
  it('is no-store on every signed-in answer, by cookie or by Bearer token', async () => {
    for (const url of [
      '/api/v1/users/check-session',
      '/api/v1/videos/getallvideos',
      `/api/v1/videos/vid-id/${videoId}`,
      '/api/v1/toggle/getlikedvideos',
      '/api/v1/studio/dashboard',
      `/api/v1/users/c/${user.username}`,
    ]) {
      const byCookie = await t.server.inject({
        method: 'GET',
        url,
        headers: { cookie: user.cookie },
      });
      expect(byCookie.statusCode, url).toBe(200);
      expect(byCookie.headers['cache-control'], url).toBe('no-store');
      const byToken = await t.server.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(byToken.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on sign-in, sign-up and every write, even refused ones', async () => {
    const login = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const reg = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      ...multipart({ ...uniqueUser('hyg'), avatar: await pngImage() }),
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.headers['cache-control']).toBe('no-store');
    const refused = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: user.username, password: 'not the password' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const expired = await t.server.inject({
      method: 'GET',
      url: '/api/v1/toggle/getlikedvideos',
      headers: { cookie: 'sid=not-a-session' },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['cache-control']).toBe('no-store');
  });

  it('leaves anonymous public reads cacheable as before', async () => {
    for (const url of ['/api/v1/videos/getallvideos', '/api/v1/videos/search?q=hygiene']) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });
});

describe('control characters in text input', () => {
  it('answers 400, not 500, for NUL and other control characters in queries and params', async () => {
    for (const url of [
      '/api/v1/videos/search?q=a%00b',
      '/api/v1/videos/search?q=%00',
      '/api/v1/videos/suggestions?q=ab%00c',
      '/api/v1/videos/suggestions?q=%1b%5b31m',
      '/api/v1/videos/search?q=tab%09here',
      `/api/v1/users/c/na%00me`,
      `/api/v1/subscriptions/c/ab%00cd`,
    ]) {
      const res = await t.server.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, statusCode: 400 });
    }
    const like = await t.server.inject({
      method: 'POST',
      url: '/api/v1/toggle/like-dislike/ab%00cd/like',
      headers: { cookie: user.cookie },
      payload: { contentType: 'Video' },
    });
    expect(like.statusCode).toBe(400);
  });

  it('refuses them in names, titles and comments, keeping line breaks where text has lines', async () => {
    const login = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: `${user.username}\u0000`, password: 'whatever-it-is' },
    });
    expect(login.statusCode).toBe(400);
    const title = await t.server.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}`,
      headers: { cookie: user.cookie },
      payload: { title: 'Nice\u0000title' },
    });
    expect(title.statusCode).toBe(400);
    expect(title.json().errors).toEqual([
      { field: 'title', message: 'Title must not contain control characters.' },
    ]);
    const bad = await t.server.inject({
      method: 'POST',
      url: `/api/v1/comments/createcomments/u/${videoId}`,
      headers: { cookie: user.cookie },
      payload: { content: 'hello\u0000world' },
    });
    expect(bad.statusCode).toBe(400);
    const good = await t.server.inject({
      method: 'POST',
      url: `/api/v1/comments/createcomments/u/${videoId}`,
      headers: { cookie: user.cookie },
      payload: { content: 'two\nlines\tand a tab' },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().data.content).toBe('two\nlines\tand a tab');
  });
});

describe('Google routes on a server without Google', () => {
  it('log one warning without a stack, however often they are hit', async () => {
    logLines.length = 0;
    for (let i = 0; i < 5; i++) {
      for (const url of [
        '/api/v1/users/google/start',
        '/api/v1/users/google/login?code=x&state=y',
      ]) {
        const res = await t.server.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/signin?error=unavailable');
      }
    }
    const warnings = logLines.filter((l) => Number(l.level) >= 40);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]!.msg)).toMatch(/not configured/);
    expect(JSON.stringify(logLines)).not.toMatch(/"stack"|\\n {4}at /);
  });
});
