import { describe, expect, it } from 'vitest';
import { isFreshSignIn } from './fresh-sign-in';

const at = Date.UTC(2026, 0, 15, 12);
const minutes = (n: number) => new Date(at - n * 60_000).toISOString();

describe('isFreshSignIn', () => {
  it('is fresh for a sign-in of the last minutes, with a margin before the server’s 10', () => {
    expect(isFreshSignIn(minutes(0), at)).toBe(true);
    expect(isFreshSignIn(minutes(9), at)).toBe(true);
    expect(isFreshSignIn(minutes(9.6), at)).toBe(false);
    expect(isFreshSignIn(minutes(11), at)).toBe(false);
  });

  it('is not fresh without a readable time', () => {
    expect(isFreshSignIn(undefined, at)).toBe(false);
    expect(isFreshSignIn('not a time', at)).toBe(false);
  });
});
