import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with what every authenticator app expects: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  });
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}

/**
 * The time step a code belongs to, if it is the code of the step at `now` or of the one just
 * before or after (a phone's clock a little off); undefined when it is not.
 */
export function totpStep(secret: string, code: string, now: number): number | undefined {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const totp = totpOf(secret);
  const delta = totp.validate({ token, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return totp.counter({ timestamp: now }) + delta;
}

/** The code of the step at `now` (tests and the set-up screen's check). */
export function totpCode(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten one-time recovery codes, `xxxxx-xxxxx` from an alphabet without look-alikes. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** A recovery code as typed (any case, spaces, with or without the dash), stored hashed. */
export function recoveryCodeHash(code: string): string | undefined {
  const normal = code.toLowerCase().replace(/[\s-]+/g, '');
  if (!/^[a-z0-9]{10}$/.test(normal)) return undefined;
  return createHash('sha256').update(normal).digest('hex');
}
