import { tooManyRequests } from '../lib/errors.js';
import type {
  LockSchedule,
  LoginFailureRepository,
} from '../repositories/login-failure.repository.js';

export interface LoginLockoutRule {
  /** Failures in a row allowed before the account is locked; 0 turns the lockout off. */
  failuresBeforeLock: number;
  /** The first lock; each further failure doubles it, up to `maxLockSeconds`. */
  baseLockSeconds: number;
  maxLockSeconds: number;
  /** Failures this long ago are forgotten. */
  quietSeconds: number;
}

export const DEFAULT_LOCKOUT: Omit<LoginLockoutRule, 'failuresBeforeLock'> = {
  baseLockSeconds: 30,
  maxLockSeconds: 300,
  quietSeconds: 3600,
};

/**
 * The lock after the nth failure in a row: none up to the allowance, then the base lock,
 * doubling with each further failure, never longer than the maximum. Bounded and short on
 * purpose: someone who knows a username can keep it locked only by failing again every few
 * minutes, and the owner is never shut out for long; guessing stays slow whatever addresses
 * the guesser rotates through.
 */
export function lockMs(failures: number, rule: LoginLockoutRule): number {
  if (rule.failuresBeforeLock === 0 || failures < rule.failuresBeforeLock) return 0;
  const doublings = failures - rule.failuresBeforeLock;
  const seconds = Math.min(
    rule.maxLockSeconds,
    rule.baseLockSeconds * 2 ** Math.min(doublings, 30),
  );
  return seconds * 1000;
}

/** The smallest count from which every lock is the maximum. */
export function capFrom(rule: LoginLockoutRule): number {
  let n = Math.max(1, rule.failuresBeforeLock);
  while (lockMs(n, rule) < rule.maxLockSeconds * 1000 && n < rule.failuresBeforeLock + 40) n += 1;
  return n;
}

/** Failed sign-ins counted per account in the database, so every process shares them. */
export class LoginLockout {
  private readonly schedule: LockSchedule;

  constructor(
    private readonly repo: LoginFailureRepository,
    private readonly rule: LoginLockoutRule,
    private readonly now: () => number = Date.now,
  ) {
    this.schedule = {
      lockMs: (n) => lockMs(n, rule),
      capFrom: capFrom(rule),
      quietMs: rule.quietSeconds * 1000,
    };
  }

  /**
   * Counts this attempt before the password is checked (a success clears it), or refuses it
   * with 429 and Retry-After while the account is locked.
   */
  async begin(account: string): Promise<void> {
    if (this.rule.failuresBeforeLock === 0) return;
    const now = this.now();
    const claimed = await this.repo.claimAttempt(account, now, this.schedule);
    if (claimed !== undefined) return;
    const until = await this.repo.lockedUntil(account);
    throw tooManyRequests(
      Math.max(1, Math.ceil((until - now) / 1000)),
      'Too many failed sign-ins for this account. Please try again later.',
    );
  }

  async succeeded(account: string): Promise<void> {
    if (this.rule.failuresBeforeLock === 0) return;
    await this.repo.clear(account);
  }

  prune(): Promise<unknown> {
    const now = this.now();
    return this.repo.deleteQuiet(now - this.rule.quietSeconds * 1000, now);
  }
}
