import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_MESSAGES } from '../src/http/multipart.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { pngImage, signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
let videoId: string;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.server, 'uploader');
  videoId = (await publishVideo(t, user.cookie))._id;
  png = (await pngImage(32, 32)).data;
});
afterAll(async () => {
  await t.close();
});

const B = 'vidshareTestBoundary42';
const field = (name: string, value: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, type = 'image/png') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: ${type}\r\n\r\n`;
const close = `--${B}--\r\n`;
const many = (n: number) => Array.from({ length: n }, (_, i) => field(`f${i}`, 'v')).join('');

interface Case {
  body: () => Buffer;
  contentType?: string;
  status: number;
  message?: string;
}

/** The file field each endpoint accepts, so each case reaches that endpoint's file handling. */
function cases(fileField: string): Record<string, Case> {
  const withFile = (before: string, after: string) => () =>
    Buffer.concat([Buffer.from(before + fileHead(fileField)), png, Buffer.from(after)]);
  const endedEarly = { status: 400, message: MULTIPART_MESSAGES.endedEarly };
  return {
    'ends inside a file part': { body: withFile(field('title', 'Hello there'), ''), ...endedEarly },
    'ends inside part headers': {
      body: () => Buffer.from(`${field('title', 'Hello')}--${B}\r\nContent-Disposition: form-`),
      ...endedEarly,
    },
    'ends inside a field': {
      body: () => Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="title"\r\n\r\nab`),
      ...endedEarly,
    },
    'has no closing delimiter': { body: withFile('', '\r\n'), ...endedEarly },
    'is empty': { body: () => Buffer.alloc(0), ...endedEarly },
    'uses another boundary': {
      body: () => Buffer.from(`--other\r\n${field('a', 'b').replaceAll(B, 'other')}--other--\r\n`),
      status: 400,
    },
    'has more fields than allowed before a file': {
      body: withFile(many(25), `\r\n${close}`),
      status: 400,
      message: MULTIPART_MESSAGES.tooMany,
    },
    'has more fields than allowed after a file': {
      body: withFile('', `\r\n${many(25)}${close}`),
      status: 400,
      message: MULTIPART_MESSAGES.tooMany,
    },
    'has more fields than allowed and ends early': {
      body: withFile(many(25), ''),
      status: 400,
    },
    'has the same file twice': {
      body: withFile('', `\r\n${fileHead(fileField)}abc\r\n${close}`),
      status: 400,
    },
    'has a field without a name': {
      body: () => Buffer.from(`--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n${close}`),
      status: 400,
      message: MULTIPART_MESSAGES.unnamed,
    },
    'has a file without a name': {
      body: () =>
        Buffer.concat([
          Buffer.from(`--${B}\r\nContent-Disposition: form-data; filename="x.png"\r\n\r\n`),
          png,
          Buffer.from(`\r\n${close}`),
        ]),
      status: 400,
      message: MULTIPART_MESSAGES.unnamed,
    },
    'has a file field nobody asked for': {
      body: () => Buffer.from(`${fileHead('payload')}abc\r\n${close}`),
      status: 400,
    },
    'has a field longer than allowed': {
      body: () => Buffer.from(`${field('description', 'x'.repeat(40 * 1024))}${close}`),
      status: 400,
    },
    'has a field name longer than allowed': {
      body: () => Buffer.from(`${field('n'.repeat(300), 'x')}${close}`),
      status: 400,
    },
    'has no boundary': {
      body: () => Buffer.from(field('a', 'b') + close),
      contentType: 'multipart/form-data',
      status: 400,
      message: MULTIPART_MESSAGES.noBoundary,
    },
    'has an empty boundary': {
      body: () => Buffer.from('--\r\n'),
      contentType: 'multipart/form-data; boundary=',
      status: 400,
    },
    'is not multipart (text)': {
      body: () => Buffer.from('title=hello'),
      contentType: 'text/plain',
      status: 415,
    },
    'is not multipart (form)': {
      body: () => Buffer.from('title=hello'),
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
    },
    'is multipart/mixed': {
      body: () => Buffer.from(field('a', 'b') + close),
      contentType: `multipart/mixed; boundary=${B}`,
      status: 415,
    },
  };
}

const endpoints = () =>
  [
    { name: 'register (anonymous)', method: 'POST', url: '/api/v1/users/register', file: 'avatar' },
    {
      name: 'publish',
      method: 'POST',
      url: '/api/v1/videos/publishavideo',
      file: 'thumbnail',
      cookie: user.cookie,
    },
    {
      name: 'edit',
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}`,
      file: 'thumbnail',
      cookie: user.cookie,
    },
  ] as const;

describe('malformed multipart bodies are answered at once, leaving nothing behind', () => {
  it('answers every broken body on every upload endpoint with a 4xx, promptly', async () => {
    for (const endpoint of endpoints()) {
      for (const [name, c] of Object.entries(cases(endpoint.file))) {
        const started = Date.now();
        const res = await t.server.inject({
          method: endpoint.method,
          url: endpoint.url,
          payload: c.body(),
          headers: {
            'content-type': c.contentType ?? `multipart/form-data; boundary=${B}`,
            ...('cookie' in endpoint ? { cookie: endpoint.cookie } : {}),
          },
        });
        const label = `${endpoint.name}: ${name}`;
        expect(Date.now() - started, label).toBeLessThan(1500);
        expect(res.statusCode, `${label}: ${res.body}`).toBe(c.status);
        expect(res.json().success, label).toBe(false);
        if (c.message) expect(res.json().message, label).toBe(c.message);
        expect(await listFiles(path.join(t.dataDir, 'tmp')), label).toEqual([]);
      }
    }
  });

  it('answers a client that goes away mid-file, and removes its temp file', async () => {
    const body = new PassThrough();
    const answer = t.server.inject({
      method: 'POST',
      url: '/api/v1/videos/publishavideo',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${B}`, cookie: user.cookie },
    });
    body.write(fileHead('thumbnail'));
    body.write(png);
    // The body stream fails: the request is aborted from the server's point of view.
    body.destroy(new Error('client went away'));
    const res = await answer.catch((err: unknown) => err);
    if (!(res instanceof Error)) expect((res as { statusCode: number }).statusCode).toBe(400);
    await expect.poll(() => listFiles(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('the anonymous rate limit is counted before the body is read', () => {
  it('refuses sign-ups and sign-ins over the limit without reading their bodies', async () => {
    const limited = await createTestApp({
      rateLimits: {
        login: { max: 1, windowSeconds: 60 },
        register: { max: 1, windowSeconds: 3600 },
      },
    });
    try {
      const first = await limited.server.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        payload: Buffer.from(field('a', 'b') + close),
        headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      });
      expect(first.statusCode).toBe(400);
      // A body that never ends: only an answer given before reading it can arrive.
      const endless = new PassThrough();
      endless.write(fileHead('avatar'));
      const refused = await limited.server.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        payload: endless,
        headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      endless.destroy();
      expect(await listFiles(path.join(limited.dataDir, 'tmp'))).toEqual([]);

      const login = () =>
        limited.server.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: '{"username": broken json',
          headers: { 'content-type': 'application/json' },
        });
      expect((await login()).statusCode).toBe(400);
      // Over the limit the body is not even parsed: the broken JSON is not what is refused.
      expect((await login()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
