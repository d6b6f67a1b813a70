import { describe, expect, it } from 'vitest';
import { capFrom, DEFAULT_LOCKOUT, lockMs, type LoginLockoutRule } from './login-lockout.js';

const rule: LoginLockoutRule = { ...DEFAULT_LOCKOUT, failuresBeforeLock: 5 };

describe('lockMs', () => {
  it('allows the first failures, then locks for 30 s, doubling up to 5 minutes', () => {
    expect([1, 2, 3, 4].map((n) => lockMs(n, rule))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 50, 10_000].map((n) => lockMs(n, rule) / 1000)).toEqual([
      30, 60, 120, 240, 300, 300, 300, 300,
    ]);
  });
  it('never locks when the lockout is off', () => {
    expect(lockMs(1000, { ...rule, failuresBeforeLock: 0 })).toBe(0);
  });
  it('finds where the schedule reaches its cap', () => {
    expect(capFrom(rule)).toBe(9);
    expect(capFrom({ ...rule, failuresBeforeLock: 1 })).toBe(5);
    expect(capFrom({ ...rule, baseLockSeconds: 300 })).toBe(5);
  });
});
