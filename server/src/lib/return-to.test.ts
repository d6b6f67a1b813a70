import { describe, expect, it } from 'vitest';
import { HOSTILE_RETURN_PATHS } from './return-to.cases.js';
import { sanitizeReturnTo } from './return-to.js';

const SITE = 'https://video.example';
const check = (value: unknown, fallback?: string) => sanitizeReturnTo(value, SITE, fallback);

describe('sanitizeReturnTo', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(check('/watch/abc')).toBe('/watch/abc');
    expect(check('/search?q=sea%20water#top')).toBe('/search?q=sea%20water#top');
    expect(check('/')).toBe('/');
    expect(check('/c/someone/videos?sort=popular')).toBe('/c/someone/videos?sort=popular');
  });

  it.each(HOSTILE_RETURN_PATHS.map((v) => [JSON.stringify(v), v]))(
    'refuses %s',
    (_label, hostile) => {
      expect(check(hostile)).toBe('/');
    },
  );

  it('never answers anything a browser would take off the site', () => {
    for (const hostile of HOSTILE_RETURN_PATHS) {
      const out = check(hostile, '/watch/x');
      const resolved = new URL(out, SITE);
      expect(resolved.origin, hostile).toBe(SITE);
      expect(out.startsWith('/') && !out.startsWith('//'), hostile).toBe(true);
    }
  });

  it('returns the path as parsed, so the Location header carries what was checked', () => {
    expect(check('/a/./b/../c')).toBe('/a/c');
    expect(check('/a/../../b')).toBe('/b');
    expect(check('/caf\u00e9')).toBe('/caf%C3%A9');
    expect(check('/\uff0f\uff0fevil')).toBe('/%EF%BC%8F%EF%BC%8Fevil');
  });

  it('does not return to the sign-in pages or the API', () => {
    expect(check('/signin')).toBe('/');
    expect(check('/signup?x=1')).toBe('/');
    expect(check('/api/v1/users/google/start')).toBe('/');
    expect(check('/signinfo')).toBe('/signinfo');
  });

  it('falls back for missing, non-string and absurdly long values', () => {
    expect(check(undefined)).toBe('/');
    expect(check(['/a'])).toBe('/');
    expect(check('')).toBe('/');
    expect(check(`/${'a'.repeat(3000)}`)).toBe('/');
    expect(check('//x', '/home')).toBe('/home');
  });

  it('resolves against the site’s own address, path included', () => {
    expect(sanitizeReturnTo('/watch/a', 'http://localhost:3000')).toBe('/watch/a');
    expect(sanitizeReturnTo('/..//evil.example', 'https://example.org/vidshare')).toBe('/');
  });
});
