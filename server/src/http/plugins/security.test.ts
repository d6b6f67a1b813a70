import { describe, expect, it } from 'vitest';
import { isWriteAllowed } from './security.js';

const own = 'http://localhost:3000';
const listed = new Set(['https://partner.example']);

describe('isWriteAllowed', () => {
  it('allows the same origin and listed origins', () => {
    expect(isWriteAllowed(own, 'same-origin', own, listed)).toBe(true);
    expect(isWriteAllowed('https://partner.example', 'cross-site', own, listed)).toBe(true);
  });
  it('refuses other origins, including the opaque "null" origin', () => {
    expect(isWriteAllowed('https://evil.example', 'cross-site', own, listed)).toBe(false);
    expect(isWriteAllowed('null', undefined, own, listed)).toBe(false);
    expect(isWriteAllowed('http://localhost:3001', 'same-site', own, listed)).toBe(false);
  });
  it('allows clients that send no Origin unless the browser says the request is cross-site', () => {
    expect(isWriteAllowed(undefined, undefined, own, listed)).toBe(true);
    expect(isWriteAllowed(undefined, 'none', own, listed)).toBe(true);
    expect(isWriteAllowed(undefined, 'cross-site', own, listed)).toBe(false);
  });
});
