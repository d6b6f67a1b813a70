import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../lib/errors.js';
import { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import { RateLimiter } from './rate-limiter.js';

let handle: DatabaseHandle;
let now = 0;
let limiter: RateLimiter;
beforeEach(async () => {
  handle = openDatabase({ sqlitePath: ':memory:' });
  await migrateToLatest(handle.db);
  now = 1_000_000;
  limiter = new RateLimiter(new RateLimitRepository(handle.db), () => now);
});
afterEach(() => handle.close());

const rule = { max: 2, windowSeconds: 60 };

describe('RateLimiter', () => {
  it('lets max hits through per window, then refuses with the seconds left', async () => {
    await limiter.consume('login', 'ip', rule);
    await limiter.consume('login', 'ip', rule);
    now += 15_000;
    const err = await limiter.consume('login', 'ip', rule).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(429);
    // Window started at 960 000 ms, so 1 015 000 leaves 5 s.
    expect((err as AppError).headers['retry-after']).toBe('5');
  });
  it('starts afresh in the next window and keeps subjects apart', async () => {
    await limiter.consume('login', 'a', rule);
    await limiter.consume('login', 'a', rule);
    await expect(limiter.consume('login', 'b', rule)).resolves.toBeUndefined();
    now += 60_000;
    await expect(limiter.consume('login', 'a', rule)).resolves.toBeUndefined();
  });
  it('is off when max is 0', async () => {
    for (let i = 0; i < 5; i++) await limiter.consume('login', 'x', { max: 0, windowSeconds: 60 });
  });
});
