import { COMMON_PASSWORDS } from './common-passwords.js';

/**
 * What makes a password easy to guess beyond its length (OWASP ASVS 2.1.7, NIST SP 800-63B
 * 5.1.1.2: refuse passwords from breach corpora, repetitive or sequential characters, and
 * context-specific words such as the username). Shared by the sign-up form and the server.
 */
export const PASSWORD_MESSAGES = {
  common: 'This password is one of the most common passwords. Choose one that is harder to guess.',
  repeated: 'Password must not be one character or a short pattern repeated (like aaaaaaaa).',
  sequence: 'Password must not be a simple sequence (like 12345678, abcdefgh or qwertyui).',
  personal: 'Password must not be your username or email address.',
} as const;

let common: Set<string> | undefined;
function isCommon(lower: string): boolean {
  common ??= new Set(COMMON_PASSWORDS);
  return common.has(lower);
}

/** One character, or a unit of up to four characters, repeated: aaaaaaaa, abababab, 12341234. */
function isRepeated(password: string): boolean {
  return /^(.{1,4})\1+$/su.test(password);
}

/** Rows and runs people type as a "password", in both directions. */
const RUNS = [
  '0123456789',
  'abcdefghijklmnopqrstuvwxyz',
  '1234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertzuiop',
  'azertyuiop',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm',
];

/** The whole password is a run of one step (abcdefgh, 97531, zyxwvuts) or part of a row. */
function isSequence(lower: string): boolean {
  const codes = [...lower].map((c) => c.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  if (
    Math.abs(step) <= 2 &&
    step !== 0 &&
    codes.every((c, i) => i === 0 || c - codes[i - 1]! === step)
  ) {
    return true;
  }
  const reversed = [...lower].reverse().join('');
  return RUNS.some((run) => run.includes(lower) || run.includes(reversed));
}

/**
 * Why a password (already within the length limits) is refused, or undefined when it is fine.
 * `username` and `email` are the account's, when known.
 */
export function passwordProblem(
  password: string,
  context: { username?: string; email?: string } = {},
): string | undefined {
  const lower = password.toLowerCase();
  if (isRepeated(password)) return PASSWORD_MESSAGES.repeated;
  if (password.length >= 2 && isSequence(lower)) return PASSWORD_MESSAGES.sequence;
  if (isCommon(lower)) return PASSWORD_MESSAGES.common;
  const username = context.username?.trim().toLowerCase();
  const email = context.email?.trim().toLowerCase();
  const personal = [username, email, email?.split('@')[0]].filter(
    (v): v is string => typeof v === 'string' && v.length > 0,
  );
  if (personal.includes(lower)) return PASSWORD_MESSAGES.personal;
  return undefined;
}

const GENERATED_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * A password made for someone (the operator's reset, an admin's console): twenty characters
 * in four groups (about 99 bits), without look-alikes (no 0/o, 1/l/i), easy to read out and
 * hard to guess. `randomBelow(n)` must be a uniform, cryptographically random integer in [0, n).
 */
export function generatedPassword(randomBelow: (n: number) => number): string {
  const chars = Array.from(
    { length: 20 },
    () => GENERATED_ALPHABET[randomBelow(GENERATED_ALPHABET.length)],
  );
  return [0, 5, 10, 15].map((at) => chars.slice(at, at + 5).join('')).join('-');
}
