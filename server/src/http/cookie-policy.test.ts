import { describe, expect, it } from 'vitest';
import { isCrossSite, sessionCookiePolicy } from './cookie-policy.js';

describe('isCrossSite', () => {
  it('is false for another port of the same host and scheme', () => {
    expect(isCrossSite('http://localhost:5173', 'http://localhost:3000')).toBe(false);
    expect(isCrossSite('https://video.example', 'https://video.example:8443')).toBe(false);
  });

  it('is true for another host or another scheme', () => {
    expect(isCrossSite('http://localhost:5173', 'http://127.0.0.1:3000')).toBe(true);
    expect(isCrossSite('https://app.other.example', 'https://video.example')).toBe(true);
    expect(isCrossSite('http://video.example', 'https://video.example')).toBe(true);
    // Without the public suffix list, sibling hosts count as other sites (the safe side).
    expect(isCrossSite('https://app.example.com', 'https://api.example.com')).toBe(true);
  });
});

describe('sessionCookiePolicy', () => {
  it('stays Lax, Secure over HTTPS, without another site in CORS_ORIGINS', () => {
    expect(sessionCookiePolicy('http://localhost:3000', [])).toEqual({
      sameSite: 'lax',
      secure: 'auto',
    });
    expect(sessionCookiePolicy('http://localhost:3000', ['http://localhost:5173'])).toEqual({
      sameSite: 'lax',
      secure: 'auto',
    });
  });

  it('is SameSite=None; Secure once an allowed origin is on another site', () => {
    expect(
      sessionCookiePolicy('https://video.example', [
        'https://video.example:8443',
        'https://app.example',
      ]),
    ).toEqual({ sameSite: 'none', secure: true });
  });
});
