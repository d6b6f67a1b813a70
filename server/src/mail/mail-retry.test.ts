import { describe, expect, it } from 'vitest';
import { isPermanentSmtpFailure, MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from './mail-retry.js';

describe('mail retry', () => {
  it('backs off longer after each failure', () => {
    const delays = [1, 2, 3, 4, 5].map(mailRetryDelayMs);
    expect(delays).toEqual([30_000, 120_000, 600_000, 1_800_000, 7_200_000]);
  });

  it('gives up after the last attempt', () => {
    expect(MAIL_MAX_ATTEMPTS).toBe(6);
    expect(mailRetryDelayMs(6)).toBeUndefined();
    expect(mailRetryDelayMs(0)).toBeUndefined();
  });

  it('tries again after temporary SMTP failures and connection problems only', () => {
    expect(isPermanentSmtpFailure(550)).toBe(true);
    expect(isPermanentSmtpFailure(451)).toBe(false);
    expect(isPermanentSmtpFailure(535)).toBe(false);
    expect(isPermanentSmtpFailure(undefined)).toBe(false);
  });
});
