import { LIMITS } from '@contract';

/** Offered a little before the server's limit, so the button never outlives the permission. */
const MARGIN_MS = 30_000;

/**
 * Whether a sign-in that started at `startedAt` (the session's ISO time) is recent enough to
 * delete an account without a password. The server decides; this picks what the page offers
 * first (the delete button, or signing in with Google again).
 */
export function isFreshSignIn(startedAt: string | undefined, now: number): boolean {
  if (!startedAt) return false;
  const started = Date.parse(startedAt);
  if (!Number.isFinite(started)) return false;
  return now - started < LIMITS.freshSignInMinutes * 60_000 - MARGIN_MS;
}
