import { randomInt } from 'node:crypto';
import { LIMITS } from '@contract';

/**
 * A username for a new account made from a provider sign-in: the email's local part reduced
 * to what usernames allow (lower-case letters, digits, dot, dash, underscore), accents folded,
 * a `+tag` dropped, at least the minimum length and at most the maximum.
 */
export function usernameBaseFromEmail(email: string): string {
  const local = email.split('@')[0]!.split('+')[0]!;
  let base = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '')
    .replace(/([_.-])[_.-]+/g, '$1')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, LIMITS.usernameMax)
    .replace(/[_.-]+$/, '');
  if (base === '') base = 'user';
  if (base.length < LIMITS.usernameMin) base = `${base}-user`;
  return base;
}

/** `base-1234`, cut so the whole name still fits: the next try when `base` is taken. */
export function usernameWithSuffix(base: string, suffix: string): string {
  const room = LIMITS.usernameMax - suffix.length - 1;
  return `${base.slice(0, room).replace(/[_.-]+$/, '')}-${suffix}`;
}

/** The names to try in order: the base, then a few with random four-digit suffixes. */
export function usernameCandidates(base: string, tries = 6): string[] {
  const names = [base];
  while (names.length < tries) {
    names.push(usernameWithSuffix(base, String(randomInt(1000, 10000))));
  }
  return names;
}
