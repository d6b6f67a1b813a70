import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK, type Video } from '@contract';
import { loadConfig } from '../src/config.js';
import { multipart, signedInUser } from './helpers/fixtures.js';
import { publishVideo, uploadFields } from './helpers/media.js';
import {
  proxied,
  requestBodyBounds,
  startCaddy,
  startNginx,
  type RunningProxy,
} from './helpers/proxies.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { paddedMp4, startTus, uploadIdOf } from './helpers/tus.js';

/**
 * deploy/nginx.conf and deploy/Caddyfile, run by the real nginx and Caddy in front of the app
 * configured as their comments say (PUBLIC_URL, TRUST_PROXY=127.0.0.1, the app on loopback).
 * What an operator relies on: uploads of any allowed size pass in the web app's largest chunks,
 * other bodies stay bounded, the proxy's scheme and request id reach the app, public media is
 * kept and private media never is, and the metrics stay inside.
 */
const MIB = 1024 * 1024;
const METRICS_TOKEN = 'deploy-metrics-token-0123';
/** Over the 60 MB other bodies may have: what the examples once refused for uploads too. */
const LARGE = 70 * MIB;
/** 70 MiB through TLS and a proxy twice over, on a machine busy with other suites. */
const MOVES_LARGE = { timeout: 90_000 };

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let large: Buffer;

beforeAll(async () => {
  const env = loadConfig({
    PUBLIC_URL: 'https://video.example.org',
    TRUST_PROXY: '127.0.0.1',
    UPLOAD_MAX_BYTES: String(200 * MIB),
  });
  t = await createTestApp({
    publicUrl: env.publicUrl,
    mediaBase: env.mediaBase,
    trustProxy: env.trustProxy,
    uploads: env.uploads,
    metricsToken: METRICS_TOKEN,
  });
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  owner = await signedInUser(t.server, 'proxied');
  large = await paddedMp4(LARGE);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const appPort = () => {
  const address = t.server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/** A body that sends its first MiB and then waits: what a proxy must refuse by its length. */
function endlessBody(): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) this.push(Buffer.alloc(MIB, 'x'));
      sent = true;
    },
  });
}

/** The owner publishes `form` through the proxy, as the web app's upload form does. */
function publishThrough(proxy: RunningProxy, form: ReturnType<typeof multipart>) {
  return proxied(proxy.origin, {
    method: 'POST',
    path: '/api/v1/videos/publishavideo',
    headers: { ...form.headers, cookie: owner.cookie },
    body: form.payload,
  });
}

/** The checks both examples must pass. */
function sharedBehaviour(proxy: () => RunningProxy) {
  it(
    'takes a resumable upload over 60 MB in the web app’s largest chunks',
    MOVES_LARGE,
    async () => {
      const { done } = startTus(large, {
        endpoint: `${proxy().origin}/api/v1/uploads`,
        cookie: owner.cookie,
        chunkSize: UPLOAD_CHUNK.maxBytes,
        retryDelays: null,
        insecureTls: true,
      });
      const url = await done;
      expect(url.startsWith(`${proxy().origin}/api/v1/uploads/`)).toBe(true);
      const form = multipart(
        await uploadFields({ videoFile: undefined, uploadId: uploadIdOf(url), title: 'Resumed' }),
      );
      const published = await publishThrough(proxy(), form);
      expect(published.status, published.body).toBe(201);
    },
  );

  it('passes a multipart video over 60 MB on to the app', MOVES_LARGE, async () => {
    const form = multipart(
      await uploadFields({
        title: 'In one body',
        videoFile: { filename: 'big.mp4', contentType: 'video/mp4', data: large },
      }),
    );
    expect(form.payload.length).toBeGreaterThan(LARGE);
    const published = await publishThrough(proxy(), form);
    expect(published.status, published.body).toBe(201);
    expect(JSON.parse(published.body).data.title).toBe('In one body');
  });

  it('tells the app the request came over HTTPS, so the session cookie is Secure', async () => {
    const login = await proxied(proxy().origin, {
      method: 'POST',
      path: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ username: owner.username, password: owner.password })),
    });
    expect(login.status).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    // The same sign-in straight to the app, over plain HTTP: no Secure cookie.
    const direct = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      remoteAddress: '127.0.0.1',
      payload: { username: owner.username, password: owner.password },
    });
    expect(String(direct.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });

  it('keeps /metrics inside: 404 through the proxy, served to a scraper on the app', async () => {
    const authorization = `Bearer ${METRICS_TOKEN}`;
    const outside = await proxied(proxy().origin, { path: '/metrics', headers: { authorization } });
    expect(outside.status).toBe(404);
    const inside = await t.server.inject({ url: '/metrics', headers: { authorization } });
    expect(inside.statusCode).toBe(200);
  });
}

/** A proxy started in front of the app for the suite, with the checks both must pass. */
function proxySuite(start: (appPort: number) => Promise<RunningProxy>): () => RunningProxy {
  let running: RunningProxy;
  beforeAll(async () => {
    running = await start(appPort());
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
  });
  const proxy = () => running;
  sharedBehaviour(proxy);
  return proxy;
}

describe('deploy/nginx.conf', () => {
  const proxy = proxySuite(startNginx);

  it('still refuses a body over 60 MB anywhere else, by its length, before the app sees it', async () => {
    const body = endlessBody();
    const refused = await proxied(proxy().origin, {
      method: 'POST',
      path: '/api/v1/users/register',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(61 * MIB) },
      body,
    });
    body.destroy();
    expect(refused.status).toBe(413);
  });

  it('sends plain HTTP to HTTPS', async () => {
    const answer = await proxied(proxy().plainOrigin!, { path: '/watch/abc?t=5' });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toMatch(/^https:\/\/[^/]+\/watch\/abc\?t=5$/);
  });

  it('passes its own request id to the app, which answers with it', async () => {
    const answer = await proxied(proxy().origin, {
      path: '/api/v1/health/live',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    // nginx's $request_id is 32 hex digits; the app's own ids are UUIDs.
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps public media, serving ranges from its copy, and never keeps private media', async () => {
    const shown = await publishVideo(t, owner.cookie, { title: 'Kept at the edge' });
    const hidden: Video = await publishVideo(t, owner.cookie, {
      title: 'Never at the edge',
      visibility: 'private',
    });
    for (const url of [shown.videoFile, shown.thumbnail]) {
      const pathOf = new URL(url).pathname;
      const first = await proxied(proxy().origin, { path: pathOf });
      expect(first.status).toBe(200);
      const again = await proxied(proxy().origin, { path: pathOf });
      expect(again.status).toBe(200);
      expect(again.headers['x-cache-status']).toBe('HIT');
      expect(again.bytes.equals(first.bytes)).toBe(true);
      const range = await proxied(proxy().origin, {
        path: pathOf,
        headers: { range: 'bytes=0-9' },
      });
      expect(range.status).toBe(206);
      expect(range.headers['x-cache-status']).toBe('HIT');
      expect(range.bytes.equals(first.bytes.subarray(0, 10))).toBe(true);
    }
    for (const url of [hidden.videoFile, hidden.thumbnail]) {
      const pathOf = new URL(url).pathname;
      for (let i = 0; i < 2; i++) {
        const mine = await proxied(proxy().origin, {
          path: pathOf,
          headers: { cookie: owner.cookie },
        });
        expect(mine.status).toBe(200);
        expect(mine.headers['x-cache-status']).not.toBe('HIT');
      }
      // Had the owner's answer been kept, a visitor would get it here.
      const visitor = await proxied(proxy().origin, { path: pathOf });
      expect(visitor.status).toBe(404);
      expect(visitor.headers['x-cache-status']).not.toBe('HIT');
    }
  }, 120_000);
});

describe('deploy/Caddyfile', () => {
  const proxy = proxySuite(startCaddy);

  // Caddy reads a body's size as it streams, and the app cuts every body of these routes far
  // below 60 MB itself, so no request can show Caddy's bound: Caddy's own reading of the file
  // shows where it applies.
  it('bounds bodies at 60 MB on every path but the uploads', () => {
    const bounds = requestBodyBounds();
    expect(bounds).toEqual([
      {
        maxBytes: 60_000_000,
        exceptPaths: ['/api/v1/uploads', '/api/v1/uploads/*', '/api/v1/videos/publishavideo'],
      },
    ]);
  });

  it('never lets a client choose the request id the app logs', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const answer = await proxied(proxy().origin, {
        path: '/api/v1/health/live',
        // A client's own id is not trusted: Caddy's replaces it.
        headers: { 'x-request-id': 'chosen-by-the-client' },
      });
      ids.add(String(answer.headers['x-request-id']));
    }
    expect(ids.size).toBe(2);
    expect(ids.has('chosen-by-the-client')).toBe(false);
  });
});
