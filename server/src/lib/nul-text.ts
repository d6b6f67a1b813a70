/**
 * NUL (U+0000) has no place in any text this API stores or searches: PostgreSQL refuses it in
 * `text` and SQLite's full-text search stops at it, so it would surface as a server error deep
 * in a query. It is refused at the door instead, wherever a string arrives.
 */
export const NUL_REFUSED = 'Text must not contain NUL characters.';

/** True when any string in `value` (object keys included, at any depth) holds a NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/** True when a raw request target carries a NUL, literally or percent-encoded. */
export function targetContainsNul(rawTarget: string): boolean {
  return rawTarget.includes('\u0000') || /%00/i.test(rawTarget);
}
