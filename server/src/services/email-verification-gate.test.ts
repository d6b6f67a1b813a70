import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { EmailVerificationGate } from './email-verification-gate.js';

describe('EmailVerificationGate', () => {
  it('refuses an unverified account with 403 and the code the web app acts on', () => {
    const gate = new EmailVerificationGate(true);
    try {
      gate.assertVerified({ email_verified: 0 });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(403);
      expect((err as AppError).extra).toEqual({ code: 'email_unverified' });
    }
    expect(() => gate.assertVerified({ email_verified: 1 })).not.toThrow();
  });

  it('lets everyone through when verification is not required', () => {
    expect(() =>
      new EmailVerificationGate(false).assertVerified({ email_verified: 0 }),
    ).not.toThrow();
  });
});
