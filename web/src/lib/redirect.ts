/** Location state a guard leaves behind so sign-in can send the user back where they were. */
export type FromState = { from?: string };

/**
 * The in-app path to return to after sign-in. Only plain same-origin paths are accepted:
 * "//host" and "/\\host" would leave the site, and the sign-in pages themselves would loop.
 */
export function returnPath(state: unknown, fallback = '/'): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return fallback;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'string' || !/^\/(?![/\\])/u.test(from)) return fallback;
  if (/^\/(signin|signup)(?:[/?#]|$)/u.test(from)) return fallback;
  return from;
}
