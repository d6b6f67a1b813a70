import { describe, expect, it } from 'vitest';
import { isLiveSession } from './session-live.js';

describe('isLiveSession', () => {
  const now = 1_000_000;

  it('is live until the instant it expires', () => {
    expect(isLiveSession({ expires_at: now + 1, last_seen_at: now }, now, 0)).toBe(true);
    expect(isLiveSession({ expires_at: now, last_seen_at: now }, now, 0)).toBe(false);
    expect(isLiveSession({ expires_at: now - 1, last_seen_at: now }, now, 0)).toBe(false);
  });

  it('ends when last used before the idle cut-off, and lives when used at it', () => {
    const seenSince = now - 3_600_000;
    const expires = now + 1;
    expect(isLiveSession({ expires_at: expires, last_seen_at: seenSince }, now, seenSince)).toBe(
      true,
    );
    expect(
      isLiveSession({ expires_at: expires, last_seen_at: seenSince - 1 }, now, seenSince),
    ).toBe(false);
  });

  it('reads times the database hands back as text (bigint columns)', () => {
    const row = { expires_at: String(now + 10), last_seen_at: String(now) } as unknown as {
      expires_at: number;
      last_seen_at: number;
    };
    expect(isLiveSession(row, now, now)).toBe(true);
    expect(isLiveSession(row, now + 10, now)).toBe(false);
  });
});
