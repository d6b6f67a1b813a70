import { describe, expect, it } from 'vitest';
import { isPersonalAnswer } from './cache-policy.js';

const req = (method: string, headers: Record<string, string> = {}, cookies = {}) => ({
  method,
  headers,
  cookies,
});

describe('isPersonalAnswer', () => {
  it('is personal with a session cookie, an Authorization header, a cookie set, a write or a personal route', () => {
    expect(isPersonalAnswer(req('GET', {}, { sid: 'x' }), false)).toBe(true);
    expect(isPersonalAnswer(req('GET', { authorization: 'Bearer x' }), false)).toBe(true);
    expect(isPersonalAnswer(req('GET'), true)).toBe(true);
    expect(isPersonalAnswer(req('POST'), false)).toBe(true);
    expect(isPersonalAnswer(req('DELETE'), false)).toBe(true);
    expect(isPersonalAnswer(req('GET'), false, true)).toBe(true);
  });
  it('is not personal for an anonymous read', () => {
    expect(isPersonalAnswer(req('GET'), false)).toBe(false);
    expect(isPersonalAnswer(req('HEAD', {}, { other: 'cookie' }), false)).toBe(false);
  });
});
