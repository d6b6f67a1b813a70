/**
 * Whether a session is live at `now`: unexpired, and last used at or after `seenSince` (0 when
 * there is no idle timeout). SessionRepository's `listOf` and `deleteExpired` state the same
 * rule in SQL.
 */
export function isLiveSession(
  session: { expires_at: number; last_seen_at: number },
  now: number,
  seenSince: number,
): boolean {
  return Number(session.expires_at) > now && Number(session.last_seen_at) >= seenSince;
}
