import { describe, expect, it } from 'vitest';
import {
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
  totpCode,
  totpStep,
} from './totp.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 10);

describe('totp', () => {
  it('accepts the current code and its neighbours, answering their step', () => {
    const secret = newTotpSecret();
    const step = Math.floor(NOW / 30_000);
    expect(totpStep(secret, totpCode(secret, NOW), NOW)).toBe(step);
    expect(totpStep(secret, totpCode(secret, NOW - 30_000), NOW)).toBe(step - 1);
    expect(totpStep(secret, totpCode(secret, NOW + 30_000), NOW)).toBe(step + 1);
    expect(totpStep(secret, totpCode(secret, NOW - 90_000), NOW)).toBeUndefined();
    expect(
      totpStep(
        secret,
        ` ${totpCode(secret, NOW).slice(0, 3)} ${totpCode(secret, NOW).slice(3)}`,
        NOW,
      ),
    ).toBe(step);
    expect(totpStep(secret, 'abcdef', NOW)).toBeUndefined();
  });

  it('describes the secret as an otpauth URL', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'Vidshare', 'ada'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('Vidshare');
    expect(decodeURIComponent(url.pathname)).toContain('ada');
  });

  it('makes ten distinct recovery codes whose hash ignores case, spaces and the dash', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hash = recoveryCodeHash(codes[0]!);
    expect(recoveryCodeHash(codes[0]!.toUpperCase().replace('-', ' '))).toBe(hash);
    expect(recoveryCodeHash('too-short')).toBeUndefined();
  });
});
