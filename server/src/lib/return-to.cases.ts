/**
 * Return paths that must never lead off the site, for the unit test of `sanitizeReturnTo` and
 * the API test that sends each through a real sign-in. Each is the text as the query string
 * delivers it (already percent-decoded once).
 */
export const HOSTILE_RETURN_PATHS: readonly string[] = [
  // The path dot segments collapse into a protocol-relative URL (the reported exploit).
  '/..//evil.example',
  '/../..//evil.example/x',
  '/./..//evil.example',
  '/a/../..//evil.example',
  '/%2e%2e//evil.example',
  '/.%2e//evil.example',
  '/%2E%2E/%2E%2E//evil.example',
  // Protocol-relative and absolute URLs, schemes.
  '//evil.example',
  '//evil.example/x',
  '///evil.example',
  'https://evil.example/',
  'http:evil.example',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '@evil.example',
  // Encoded slashes and backslashes, once and twice.
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5C%5Cevil.example',
  '/%5cevil.example',
  '/..%2F..%2F%2Fevil.example',
  // Backslashes, which browsers read as slashes.
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '/..\\..\\evil.example',
  // Whitespace and control characters, which URL parsers drop.
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  ' //evil.example',
  '/ /evil.example',
  '/\u0000//evil.example',
  '/\u000b/evil.example',
  '/ok\r\nSet-Cookie: x=y',
  // Unicode that is, or looks like, a separator or changes direction.
  '/\u00a0/evil.example',
  '/\u2028/evil.example',
  '/\u200b/evil.example',
  '/\u202e/evil.example',
  '/\ufeff/evil.example',
  '\uff0f\uff0fevil.example',
  '\u2215\u2215evil.example',
  // Pages that would loop or are not pages.
  '/signin',
  '/signin?returnTo=//evil.example',
  '/a/../signup',
  '/api/v1/users/google/start',
];
