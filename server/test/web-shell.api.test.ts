import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('the web app shell', () => {
  it('serves the app shell for every client-side route, revalidated each time', async () => {
    for (const url of ['/', '/watch/abc', '/stdio/channel/dashboard', '/no/such/page']) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('id="root"');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('serves hashed assets as immutable, and a missing asset as a 404', async () => {
    const js = await t.server.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.server.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps API misses as JSON 404s', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('answers JSON 404s, never the shell, for every path only programs ask for', async () => {
    // `/metrics` without METRICS_TOKEN does not exist: a scraper pointed at it must fail.
    for (const url of [
      '/api',
      '/api?x=1',
      '/API/v1/health/ready',
      '/metrics',
      '/metrics/',
      '/media',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.server.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
        if (method === 'GET') {
          expect(res.json()).toMatchObject({ statusCode: 404, success: false });
        }
      }
    }
  });
});
