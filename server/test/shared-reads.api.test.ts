import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { apiCall } from './helpers/api-client.js';
import { createUser, createVideo, type SignedIn } from './helpers/factories.js';

/**
 * Identical reads at once share a statement (db/shared-reads.ts on PostgreSQL,
 * db/gathered-reads.ts on SQLite), and each still answers what the database held when it asked.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let owner: SignedIn;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  owner = await createUser(t, { prefix: 'owner' });
  for (let i = 0; i < 5; i += 1) await createVideo(t, owner, { title: `Older ${i}` });
  videoId = await createVideo(t, owner, { title: 'The flipping video' });
});
afterAll(async () => {
  await t.close();
});

const FEED = '/videos/getallvideos?page=1&limit=60';
const idsOf = (body: string) =>
  (JSON.parse(body) as { data: { _id: string }[] }).data.map((v) => v._id);

describe('identical reads at once', () => {
  it('answer the same page each, and share statements', async () => {
    const before = t.database.sharedReads();
    const answers = await Promise.all(Array.from({ length: 40 }, () => apiCall(t, 'GET', FEED)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const bodies = new Set(answers.map((res) => res.body));
    expect(bodies.size).toBe(1);
    expect(idsOf(answers[0]!.body)).toContain(videoId);
    // Forty reads of one page at once: on PostgreSQL most wait for the first statement and
    // share the next; on SQLite all but the first are gathered into one statement.
    const shared = t.database.sharedReads() - before;
    expect(shared).toBeGreaterThan(0);
    if (t.database.dialect === 'sqlite') expect(shared).toBeGreaterThanOrEqual(30);
    const metrics = await t.server.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(metrics.body).toMatch(/^db_shared_reads_total [1-9]\d*$/m);
  });

  it('never answer a read with a statement older than a write its caller saw committed', async () => {
    // Readers keep the page busy throughout, so every read below finds identical ones in flight.
    let reading = true;
    const readers = Array.from({ length: 8 }, async () => {
      while (reading) {
        expect((await apiCall(t, 'GET', FEED)).statusCode).toBe(200);
        // On SQLite a read can answer without leaving the microtask queue: let the writer in.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    try {
      for (let round = 0; round < 10; round += 1) {
        for (const visibility of ['private', 'public'] as const) {
          const patched = await apiCall(t, 'PATCH', `/videos/${videoId}`, {
            cookie: owner.cookie,
            payload: { visibility },
          });
          expect(patched.statusCode).toBe(200);
          // Asked after the write answered: each of these must see it, shared or not.
          const after = await Promise.all(Array.from({ length: 6 }, () => apiCall(t, 'GET', FEED)));
          for (const res of after) {
            expect(res.statusCode).toBe(200);
            expect(idsOf(res.body).includes(videoId)).toBe(visibility === 'public');
            if (visibility === 'private') expect(res.body).not.toContain('The flipping video');
          }
        }
      }
    } finally {
      reading = false;
      await Promise.all(readers);
    }
  });
});
