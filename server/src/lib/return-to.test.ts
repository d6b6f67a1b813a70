import { describe, expect, it } from 'vitest';
import { sanitizeReturnTo } from './return-to.js';

describe('sanitizeReturnTo', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(sanitizeReturnTo('/watch/abc')).toBe('/watch/abc');
    expect(sanitizeReturnTo('/search?q=sea%20water#top')).toBe('/search?q=sea%20water#top');
    expect(sanitizeReturnTo('/')).toBe('/');
  });
  it('refuses anything that could leave the site', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      '/\tevil',
    ]) {
      expect(sanitizeReturnTo(bad), bad).toBe('/');
    }
    expect(sanitizeReturnTo('/ok\r\nSet-Cookie: x=y')).toBe('/');
  });
  it('does not return to the sign-in pages or the API', () => {
    expect(sanitizeReturnTo('/signin')).toBe('/');
    expect(sanitizeReturnTo('/signup?x=1')).toBe('/');
    expect(sanitizeReturnTo('/api/v1/users/google/start')).toBe('/');
    expect(sanitizeReturnTo('/signinfo')).toBe('/signinfo');
  });
  it('falls back for missing, non-string and absurdly long values', () => {
    expect(sanitizeReturnTo(undefined)).toBe('/');
    expect(sanitizeReturnTo(['/a'])).toBe('/');
    expect(sanitizeReturnTo('')).toBe('/');
    expect(sanitizeReturnTo(`/${'a'.repeat(3000)}`)).toBe('/');
    expect(sanitizeReturnTo('//x', '/home')).toBe('/home');
  });
  it('normalises dot segments without leaving the site', () => {
    expect(sanitizeReturnTo('/a/../../b')).toBe('/b');
  });
});
