import type { RateLimitRule } from '../config.js';
import { tooManyRequests } from '../lib/errors.js';
import type { RateLimitRepository } from '../repositories/rate-limit.repository.js';

/**
 * Fixed-window limiter whose counters live in the database, so every API process
 * behind a load balancer shares them.
 */
export class RateLimiter {
  constructor(
    private readonly repo: RateLimitRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async consume(bucket: string, subject: string, rule: RateLimitRule): Promise<void> {
    if (rule.max === 0) return;
    const windowMs = rule.windowSeconds * 1000;
    const now = this.now();
    const windowStart = now - (now % windowMs);
    const hits = await this.repo.hit(bucket, subject.slice(0, 300), windowStart);
    if (hits > rule.max) {
      throw tooManyRequests(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)));
    }
  }

  /** Old windows are useless; dropping them keeps the table small. */
  prune(olderThanMs: number): Promise<unknown> {
    return this.repo.deleteOlderThan(this.now() - olderThanMs);
  }
}
