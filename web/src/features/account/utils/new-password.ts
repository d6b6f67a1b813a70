import { LIMITS } from '@contract';

/**
 * What is wrong with a new password before it is sent: the repeat differs, it is too short or
 * too long, or the contract's rule (`passwordProblem`, the server's own) refuses it. Null: fine.
 */
export function newPasswordProblem(
  password: string,
  repeat: string,
  rule: (password: string) => string | undefined,
): string | null {
  if (password !== repeat) return 'The two passwords are not the same.';
  if (password.length < LIMITS.passwordMin) {
    return `Password must be at least ${LIMITS.passwordMin} characters long.`;
  }
  if (password.length > LIMITS.passwordMax) {
    return `Password must be at most ${LIMITS.passwordMax} characters long.`;
  }
  return rule(password) ?? null;
}
