import fs from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@contract';
import {
  OPTIONAL,
  OUTSIDE_API,
  PUBLIC_OPERATIONS,
  SIGNED_IN,
  operationKey,
  secureByDefault,
  type RouteEntry,
} from '../src/http/plugins/access.js';
import { registerErrorHandling } from '../src/http/plugins/errors.js';
import { registerSession } from '../src/http/plugins/session.js';
import type { AuthService } from '../src/services/auth.service.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';

/** Routes need a session unless listed as public: a route nobody marked refuses visitors. */
let t: TestApp;
let webDir: string;
beforeAll(async () => {
  // A built web app and metrics, so their routes are in the table too.
  webDir = await fs.mkdtemp(path.join(process.env.TMPDIR ?? '/tmp', 'vidshare-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Vidshare</title>');
  await fs.writeFile(path.join(webDir, 'index.html.gz'), 'x');
  await fs.writeFile(path.join(webDir, 'favicon.svg'), '<svg/>');
  await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js'), 'export {};');
  t = await createTestApp({ webDistDir: webDir, metricsToken: 'metrics-token-for-tests-0123' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const ID = '0123456789abcdef01234567';
/** A concrete URL for a route pattern: ids for parameters, something for a wildcard. */
const urlOf = (pattern: string) =>
  pattern.replace(':type', 'like').replace(/:\w+/g, ID).replace(/\*$/, 'x');

type Doc = { paths: Record<string, Record<string, { security?: unknown[] }>> };

describe('secure by default', () => {
  it('an unmarked route refuses an anonymous request, and a listed one serves it', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    await app.register(cookie);
    registerSession(app, { resolveSession: async () => undefined } as unknown as AuthService);
    secureByDefault(app);
    await app.register(
      async (api) => {
        api.get('/new/feature', async () => ({ secret: 'for members' }));
        api.get('/videos/search', async () => ({ open: true }));
      },
      { prefix: API_BASE },
    );
    const closed = await app.inject({ method: 'GET', url: `${API_BASE}/new/feature` });
    expect(closed.statusCode).toBe(401);
    expect(closed.body).not.toContain('for members');
    const head = await app.inject({ method: 'HEAD', url: `${API_BASE}/new/feature` });
    expect(head.statusCode).toBe(401);
    const open = await app.inject({ method: 'GET', url: `${API_BASE}/videos/search` });
    expect(open.statusCode).toBe(200);
    await app.close();
  });

  it('every API route of the app not listed as public answers a visitor 401 before anything else', async () => {
    const closed = t.app.routes.filter((r) => r.access === 'session');
    expect(closed.length).toBeGreaterThan(25);
    for (const route of closed) {
      // No body at all: the session is checked before the body would be.
      const res = await t.server.inject({ method: route.method as 'GET', url: urlOf(route.url) });
      expect(res.statusCode, route.key).toBe(401);
      if (route.method !== 'HEAD') expect(res.json().success, route.key).toBe(false);
    }
  });

  it('every public API operation is a route of the app, and it serves a visitor', async () => {
    const served = new Set(
      t.app.routes.filter((r) => r.access === 'public').map((r) => operationKey(r.method, r.url)),
    );
    expect([...PUBLIC_OPERATIONS].filter((key) => !served.has(key))).toEqual([]);
    for (const route of t.app.routes.filter((r) => r.access === 'public')) {
      const res = await t.server.inject({ method: route.method as 'GET', url: urlOf(route.url) });
      expect(res.statusCode, route.key).not.toBe(401);
    }
  });

  it('every route outside the API is declared with its own gate, and those gates hold', async () => {
    const outside = t.app.routes.filter((r) => r.access === 'outside');
    const undeclared = outside.filter((r) => !OUTSIDE_API.some((o) => o.routes.test(r.key)));
    expect(undeclared.map((r: RouteEntry) => r.key)).toEqual([]);
    // Each kind is in this table: media, metrics, documentation, the web app's files.
    for (const key of ['GET /media/*', 'GET /metrics', 'GET /api/docs/json', 'GET /favicon.svg']) {
      expect(
        outside.map((r) => r.key),
        key,
      ).toContain(key);
    }
    expect(outside.map((r) => r.key)).toContain('GET /assets/index-abc123.js');
    // A route at the top without a file name is not taken for one of the web app's files.
    expect(OUTSIDE_API.some((o) => o.routes.test('GET /admin'))).toBe(false);
    expect(OUTSIDE_API.some((o) => o.routes.test('POST /favicon.svg'))).toBe(false);

    const metrics = await t.server.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(401);
    const media = await t.server.inject({ method: 'GET', url: `/media/videos/${ID}/original.mp4` });
    expect(media.statusCode).toBe(404);
  });

  it('the OpenAPI document declares each operation’s security as the public list says', async () => {
    const doc = t.server.swagger() as Doc;
    const documented = new Map<string, unknown[] | undefined>();
    for (const [p, ops] of Object.entries(doc.paths)) {
      if (!p.startsWith(`${API_BASE}/`)) continue;
      for (const [method, op] of Object.entries(ops)) {
        const url = p.replace(/\{(\w+)\}/g, ':$1');
        documented.set(operationKey(method.toUpperCase(), url), op.security);
      }
    }
    // Every API route is documented, and nothing else.
    const api = new Set(
      t.app.routes.filter((r) => r.access !== 'outside').map((r) => operationKey(r.method, r.url)),
    );
    expect([...documented.keys()].sort()).toEqual([...api].sort());
    for (const [key, security] of documented) {
      expect(security, key).toEqual(PUBLIC_OPERATIONS.has(key) ? OPTIONAL : SIGNED_IN);
    }
    // Both schemes the declarations name exist in the document.
    const schemes = (doc as { components?: { securitySchemes?: object } }).components
      ?.securitySchemes;
    expect(Object.keys(schemes ?? {}).sort()).toEqual(['bearer', 'cookie']);
  });

  it('a signed-in caller passes the same check, by cookie or by bearer token', async () => {
    const user = await signedInUser(t.server, 'access');
    const byCookie = await t.server.inject({
      method: 'GET',
      url: `${API_BASE}/studio/dashboard`,
      headers: { cookie: user.cookie },
    });
    expect(byCookie.statusCode).toBe(200);
    const token = /sid=([^;]+)/.exec(user.cookie)?.[1];
    const byBearer = await t.server.inject({
      method: 'GET',
      url: `${API_BASE}/toggle/getlikedvideos`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.statusCode).toBe(200);
  });
});
