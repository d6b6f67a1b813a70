import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { publish, uploadFields } from './helpers/media.js';
import { JobQueueRepository } from '../src/repositories/job-queue.repository.js';
import type { JobOutcome } from '../src/processing/worker.js';
import { manualClock } from './helpers/clock.js';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
// The queue's waits are read on the app's clock, which moves when the test says so.
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN }, { now: clock.now });
});
afterAll(async () => {
  await t.close();
});

const scrape = (authorization?: string) =>
  t.server.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

describe('GET /metrics', () => {
  it('refuses a scrape without the bearer token, or with a wrong one', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ']) {
      const res = await scrape(auth);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers Prometheus text: durations per route pattern, memory, event-loop lag, pool', async () => {
    for (let i = 0; i < 3; i += 1) {
      await t.server.inject({ method: 'GET', url: '/api/v1/health/live' });
    }
    await t.server.inject({ method: 'GET', url: '/api/v1/videos/vid-id/aaaaaaaaaaaaaaaaaaaaaaaa' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health\/live",status_code="200"\} 3/,
    );
    // The route's pattern, not the id: one series however many videos are asked for.
    expect(text).toContain('route="/api/v1/videos/vid-id/:id",status_code="404"');
    expect(text).not.toContain('aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+/m);
    if (t.database.dialect === 'postgres') {
      expect(text).toMatch(/^db_pool_connections\{state="max"\} 10$/m);
      expect(text).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
    }
  });
});

describe('the processing queue in /metrics', () => {
  const gauge = (text: string, name: string) =>
    Number(new RegExp(`^${name.replace(/[{}"]/g, '\\$&')} ([\\d.e+-]+)$`, 'm').exec(text)?.[1]);

  it('shows queued, running and stalled jobs, the oldest wait, and each run’s outcome', async () => {
    const owner = await signedInUser(t.server, 'metered');
    for (let i = 0; i < 3; i += 1) {
      expect((await publish(t.server, owner.cookie, await uploadFields())).statusCode).toBe(201);
    }
    clock.advance(30_000);
    let text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('# TYPE processing_jobs gauge');
    expect(gauge(text, 'processing_jobs{state="queued"}')).toBe(3);
    expect(gauge(text, 'processing_jobs{state="running"}')).toBe(0);
    expect(gauge(text, 'processing_queue_oldest_seconds')).toBe(30);

    // A worker that died holding a job: running, its lease already run out.
    const repo = new JobQueueRepository(t.database.db, t.database.dialect);
    expect(await repo.claim('dead-worker', clock.now(), -1)).toBeDefined();
    text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(gauge(text, 'processing_jobs{state="queued"}')).toBe(2);
    expect(gauge(text, 'processing_jobs{state="running"}')).toBe(1);
    expect(gauge(text, 'processing_jobs{state="stalled"}')).toBe(1);

    const outcomes: JobOutcome[] = [];
    const worker = t.worker({
      onJobEnd: (outcome, seconds) => {
        expect(seconds).toBeGreaterThan(0);
        outcomes.push(outcome);
      },
    });
    // Each upload's playable job, then its ladder.
    expect(await worker.drain()).toBe(6);
    expect(outcomes).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
    text = (await scrape(`Bearer ${TOKEN}`)).body;
    for (const state of ['queued', 'running', 'stalled']) {
      expect(gauge(text, `processing_jobs{state="${state}"}`)).toBe(0);
    }
    expect(gauge(text, 'processing_queue_oldest_seconds')).toBe(0);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no metrics endpoint at all', async () => {
    const off = await createTestApp();
    try {
      const res = await off.server.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_request_duration_seconds');
    } finally {
      await off.close();
    }
  });
});
