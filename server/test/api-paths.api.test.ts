import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, API_ROUTES } from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The server registers the contract's route templates and the web builds its URLs from the
 * same templates: every contract path is a route, every API route is a contract path, and a
 * URL built for the web lands on its route with its parameters intact.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const templates = Object.entries(API_ROUTES) as [keyof typeof API_ROUTES, string][];

describe('API paths', () => {
  it('every contract path is served by a route of the app', () => {
    const served = new Set(t.app.routes.map((r) => r.url));
    const missing = templates.filter(([, template]) => !served.has(`${API_BASE}${template}`));
    expect(missing).toEqual([]);
  });

  it('every route under the API prefix is a contract path', () => {
    const contract = new Set(templates.map(([, template]) => `${API_BASE}${template}`));
    const extra = t.app.routes
      .filter((r) => r.url.startsWith(`${API_BASE}/`))
      .filter((r) => !contract.has(r.url))
      .map((r) => r.key);
    expect(extra).toEqual([]);
  });

  it('a URL built by API_PATHS reaches the route of its template with every parameter', async () => {
    // The same router as the app's, with one route per template answering what it matched.
    const router = Fastify({ routerOptions: { maxParamLength: 200 } });
    for (const [, template] of templates) {
      router.all(`${API_BASE}${template}`, async (request) => ({
        template: request.routeOptions.url,
        params: request.params,
      }));
    }
    // Parameters a path must carry as one segment each: spaces, slashes, query characters.
    const samples = ['ä b/c?d#e', '0123456789abcdef01234567', 'like'];
    for (const [name, template] of templates) {
      const build = API_PATHS[name] as string | ((...params: string[]) => string);
      const names = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const values = names.map((_, i) => samples[i % samples.length]!);
      const url = typeof build === 'string' ? build : build(...values);
      if (names.length === 0) expect(url, name).toBe(template);
      const res = await router.inject({ method: 'GET', url: `${API_BASE}${url}` });
      expect(res.statusCode, name).toBe(200);
      const matched = res.json<{ template: string; params: Record<string, string> }>();
      expect(matched.template, name).toBe(`${API_BASE}${template}`);
      expect(matched.params, name).toEqual(Object.fromEntries(names.map((n, i) => [n, values[i]])));
    }
    await router.close();
  });
});
