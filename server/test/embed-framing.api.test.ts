import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * `/embed/{id}` is the one answer other sites may frame (`frame-ancestors *`, or the origins in
 * EMBED_ALLOWED_ORIGINS); every other answer keeps `frame-ancestors 'none'`.
 */
let dist: string;
const apps: TestApp[] = [];
const id = 'a'.repeat(24);

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

async function app(embedAllowedOrigins: string[] = []) {
  const t = await createTestApp({ webDistDir: dist, embedAllowedOrigins });
  apps.push(t);
  return t;
}

const csp = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['content-security-policy']);

describe('framing', () => {
  it('lets any site frame the embed page, and no other page', async () => {
    const t = await app();
    for (const url of [`/embed/${id}`, `/embed/${id}?autoplay=1&start=20`]) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(csp(res)).toContain('frame-ancestors *');
      expect(csp(res)).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    for (const url of [`/watch/${id}`, '/', `/embed/${id}/x`, '/api/v1/health/live', '/media/x']) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(csp(res)).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // Only reading the page: a write to that path is never framable.
    const post = await t.server.inject({ method: 'POST', url: `/embed/${id}` });
    expect(csp(post)).toContain("frame-ancestors 'none'");
  });

  it('lets only the listed sites frame it when EMBED_ALLOWED_ORIGINS is set', async () => {
    const t = await app(['https://blog.example', 'https://school.example']);
    const res = await t.server.inject({ method: 'GET', url: `/embed/${id}` });
    expect(csp(res)).toContain('frame-ancestors https://blog.example https://school.example');
    const watch = await t.server.inject({ method: 'GET', url: `/watch/${id}` });
    expect(csp(watch)).toContain("frame-ancestors 'none'");
  });
});
