import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../web/build/precompress.js';
import { registerJsonCompression } from '../src/http/plugins/json-compression.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** A built web app, precompressed exactly as `npm run build:web` does. */
let t: TestApp;
let dist: string;
const js = `export function render(){return ${JSON.stringify('vidshare '.repeat(400))}}\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), html);
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), js);
  precompressDirectory(dist);
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.server.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('precompressed assets', () => {
  it('serves brotli, gzip or the file as it is by Accept-Encoding, always with Vary', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload, expected)).toBe(js);
      if (expected) expect(res.rawPayload.length).toBeLessThan(js.length / 4);
    }
  });

  it('serves the app shell compressed too, revalidated and varying by encoding', async () => {
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await get('/watch/abc', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(res.rawPayload, expected)).toBe(html);
    }
  });
});

describe('JSON answers', () => {
  it('are compressed from 1 KB, by Accept-Encoding, with Vary, and decode to the same JSON', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/api/docs/json', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(res.rawPayload, expected))).toEqual(plain.json());
    }
  });

  it('under 1 KB leave as they are', async () => {
    const res = await get('/api/v1/health/live', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data.status).toBe('live');
  });

  it('leave as they are when COMPRESS_JSON is off (a proxy in front compresses)', async () => {
    const off = await createTestApp({ compressJson: false });
    try {
      const res = await off.server.inject({
        method: 'GET',
        url: '/api/docs/json',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().openapi).toBeDefined();
    } finally {
      await off.close();
    }
  });
});

describe('JSON compression under a burst', () => {
  it('leaves answers as they are past the bytes in flight, and compresses again once they are sent', async () => {
    const app = Fastify();
    // Room for two 2 KB answers compressing at once, not three; one larger than it all.
    registerJsonCompression(app, 4500);
    app.get('/small', async () => ({ text: 'y'.repeat(2000) }));
    app.get('/big', async () => ({ text: 'x'.repeat(5000) }));
    await app.ready();
    try {
      const ask = (url: string) =>
        app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const big = await ask('/big');
      expect(big.headers['content-encoding']).toBeUndefined();
      expect(big.json().text).toHaveLength(5000);
      expect(big.headers.vary).toMatch(/accept-encoding/i);

      const burst = await Promise.all([ask('/small'), ask('/small'), ask('/small')]);
      const encodings = burst.map((res) => res.headers['content-encoding']);
      expect(encodings.filter((e) => e === 'br')).toHaveLength(2);
      expect(encodings.filter((e) => e === undefined)).toHaveLength(1);
      for (const res of burst) {
        const encoding = res.headers['content-encoding'] as string | undefined;
        expect(JSON.parse(decode(res.rawPayload, encoding)).text).toHaveLength(2000);
      }
      // Each compressed answer gave its bytes back.
      expect((await ask('/small')).headers['content-encoding']).toBe('br');
    } finally {
      await app.close();
    }
  });
});
