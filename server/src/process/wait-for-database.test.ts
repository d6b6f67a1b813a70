import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_RETRY,
  databaseRetryDelayMs,
  describeDatabase,
  isPermanentConnectionProblem,
  waitForDatabase,
} from './wait-for-database.js';
import { StartupError } from './startup-problems.js';

/** A database whose `select 1` fails with `errors` in turn, then answers. */
function flakyDatabase(errors: Error[]) {
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
  });
  let calls = 0;
  const flaky = db.withPlugin({
    transformQuery: (args) => {
      calls += 1;
      const err = errors.shift();
      if (err) throw err;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: flaky, calls: () => calls };
}

/** A clock that moves only when the wait sleeps. */
function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    slept,
  };
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('waitForDatabase', () => {
  it('tries again with growing, capped delays, logging why each time, until it answers', async () => {
    const { db } = flakyDatabase(Array.from({ length: 8 }, refused));
    const time = fakeTime();
    const lines: string[] = [];
    await waitForDatabase({
      db,
      describe: 'PostgreSQL at db:5432/v',
      deadlineMs: undefined,
      log: (l) => lines.push(l),
      ...time,
    });
    expect(time.slept).toHaveLength(8);
    time.slept.forEach((ms, i) => {
      const step = Math.min(DATABASE_RETRY.maxMs, DATABASE_RETRY.firstMs * 2 ** i);
      expect(ms).toBeGreaterThanOrEqual(step / 2);
      expect(ms).toBeLessThanOrEqual(step);
    });
    expect(lines[0]).toMatch(
      /^waiting for the database \(PostgreSQL at db:5432\/v\): connect ECONNREFUSED 127\.0\.0\.1:5432; attempt 1, trying again in \d\.\d s$/,
    );
    expect(lines.at(-1)).toBe('database reachable again (PostgreSQL at db:5432/v)');
  });

  it('gives up at a first start’s deadline with one line naming what failed', async () => {
    const { db } = flakyDatabase(Array.from({ length: 1000 }, refused));
    const time = fakeTime();
    const err = await waitForDatabase({
      db,
      describe: 'PostgreSQL at db:5432/v',
      deadlineMs: 60_000,
      log: () => {},
      ...time,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StartupError);
    expect((err as Error).message).toBe(
      'The database did not answer within 60 s (PostgreSQL at db:5432/v): connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect((err as Error).message).not.toContain('\n');
    // The whole wait, to the millisecond: the last pause is cut to end at the deadline.
    expect(time.now()).toBe(60_000);
  });

  it('waits the whole of a short wait, whatever the jitter draws', async () => {
    for (const deadlineMs of [1, 999, 3_000, 7_777]) {
      const { db, calls } = flakyDatabase(Array.from({ length: 1000 }, refused));
      const time = fakeTime();
      await expect(
        waitForDatabase({ db, describe: 'x', deadlineMs, log: () => {}, ...time }),
      ).rejects.toBeInstanceOf(StartupError);
      expect(time.now()).toBe(deadlineMs);
      // One attempt at the start, one after each pause, the last at the deadline.
      expect(calls()).toBe(time.slept.length + 1);
    }
  });

  it('gives up at once on a wrong password or a missing database, which waiting cannot fix', async () => {
    const denied = Object.assign(new Error('password authentication failed for user "v"'), {
      code: '28P01',
    });
    const { db, calls } = flakyDatabase([denied]);
    const err = await waitForDatabase({
      db,
      describe: 'PostgreSQL at db:5432/v',
      deadlineMs: 60_000,
      log: () => {},
      ...fakeTime(),
    }).catch((e: unknown) => e);
    expect((err as Error).message).toBe(
      'Cannot use the database (PostgreSQL at db:5432/v): password authentication failed for user "v"',
    );
    expect(calls()).toBe(1);
  });

  it('waits past any deadline when none is set', async () => {
    const { db } = flakyDatabase(Array.from({ length: 100 }, refused));
    const time = fakeTime();
    await waitForDatabase({ db, describe: 'x', deadlineMs: undefined, log: () => {}, ...time });
    expect(time.now()).toBeGreaterThan(100_000);
  });
});

describe('databaseRetryDelayMs', () => {
  it('doubles from the first delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => databaseRetryDelayMs(n, () => 1))).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000,
    ]);
  });
});

describe('isPermanentConnectionProblem', () => {
  it('is a wrong password or user, or a missing database', () => {
    for (const code of ['28P01', '28000', '3D000']) {
      expect(isPermanentConnectionProblem(Object.assign(new Error('x'), { code }))).toBe(true);
    }
    expect(isPermanentConnectionProblem(refused())).toBe(false);
    expect(isPermanentConnectionProblem(null)).toBe(false);
  });
});

describe('describeDatabase', () => {
  it('names where the database is, never its credentials', () => {
    expect(
      describeDatabase({
        databaseUrl: 'postgres://user:secret@db.internal:6432/vid',
        sqlitePath: '',
      }),
    ).toBe('PostgreSQL at db.internal:6432/vid');
    expect(describeDatabase({ databaseUrl: 'postgres://u:p@db/vid', sqlitePath: '' })).toBe(
      'PostgreSQL at db:5432/vid',
    );
    expect(describeDatabase({ sqlitePath: '/data/vidshare.sqlite' })).toBe(
      'SQLite at /data/vidshare.sqlite',
    );
  });
});
