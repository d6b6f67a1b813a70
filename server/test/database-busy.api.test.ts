import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * One pooled connection (PostgreSQL) or SQLite's one write lock, held by someone else for
 * longer than a request may wait: the request is answered 503 with Retry-After, never 500.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ databasePoolSize: 1, databaseTimeoutMs: 300 });
});
afterAll(async () => {
  await t.close();
});

/** Takes the database away from the app until the returned function is called. */
async function holdDatabase(): Promise<() => Promise<void>> {
  if (t.database.dialect === 'postgres') {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let acquired!: () => void;
    const holding = new Promise<void>((r) => (acquired = r));
    const done = t.database.db.connection().execute(async (held) => {
      // A raw statement takes the pooled connection (a select alone would share one).
      await sql`select 1`.execute(held);
      acquired();
      await released;
    });
    await holding;
    return async () => {
      release();
      await done;
    };
  }
  const other = new SQLite(t.config.sqlitePath);
  other.exec('begin immediate');
  return async () => {
    other.exec('rollback');
    other.close();
  };
}

const login = () =>
  t.server.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username: 'nobody-here', password: 'wrong password' },
  });

describe('an exhausted database pool', () => {
  it('answers 503 with Retry-After in the error envelope, then serves again once free', async () => {
    expect(t.database.poolStats()?.max ?? 1).toBe(1);
    const release = await holdDatabase();
    try {
      const started = Date.now();
      const busy = await login();
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('2');
      expect(busy.json()).toEqual({
        statusCode: 503,
        success: false,
        message: 'The server is busy. Please try again in a moment.',
        errors: [],
      });
      // It waited for the configured time, not for ever.
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await release();
    }
    const after = await login();
    expect(after.statusCode).toBe(401);
  });

  it('answers reads 503 too when no pooled connection comes free (PostgreSQL)', async () => {
    const release = await holdDatabase();
    try {
      const res = await t.server.inject({ method: 'GET', url: '/api/v1/videos/getallvideos' });
      if (t.database.dialect === 'postgres') {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('2');
        const ready = await t.server.inject({ method: 'GET', url: '/api/v1/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json().errors[0]).toMatchObject({ field: 'database' });
      } else {
        // SQLite readers never wait for the write lock (WAL).
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await release();
    }
    expect((await t.server.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(
      200,
    );
  });
});
