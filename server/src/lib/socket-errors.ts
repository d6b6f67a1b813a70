/**
 * Socket error codes of a peer (a database, a media store) that is down or out of reach: it
 * refused or dropped the connection, timed out, or its name did not resolve for now. The
 * caller's answer is 503 with Retry-After, never a 500.
 */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

export function isUnreachableSocketCode(code: unknown): boolean {
  return typeof code === 'string' && UNREACHABLE.has(code);
}
