import { describe, expect, it } from 'vitest';
import {
  embedAncestors,
  helmetOptions,
  isEmbedPage,
  isWriteAllowed,
  securityHeaders,
} from './security.js';

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

describe('the embed page’s headers', () => {
  it('are chosen for /embed/{id} alone', () => {
    const id = 'a'.repeat(24);
    expect(isEmbedPage(`/embed/${id}`)).toBe(true);
    expect(isEmbedPage(`/embed/${id}?autoplay=1&start=20`)).toBe(true);
    expect(isEmbedPage(`/embed/${id}/`)).toBe(true);
    expect(isEmbedPage(`/embed/${id}x`)).toBe(false);
    expect(isEmbedPage(`/embed/${id}/more`)).toBe(false);
    expect(isEmbedPage(`/watch/${id}`)).toBe(false);
    expect(isEmbedPage(`/api/v1/embed/${id}`)).toBe(false);
  });

  it('let any site frame it, or only the listed ones, and drop X-Frame-Options', () => {
    expect(embedAncestors([])).toEqual(['*']);
    const listedOnly = securityHeaders(helmetOptions([], embedAncestors(['https://blog.example'])));
    expect(listedOnly['content-security-policy']).toContain('frame-ancestors https://blog.example');
    expect(listedOnly['x-frame-options']).toBeUndefined();
    const everyOther = securityHeaders(helmetOptions());
    expect(everyOther['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(everyOther['x-frame-options']).toBe('SAMEORIGIN');
  });
});
