import { describe, expect, it } from 'vitest';
import { pickEncoding } from './accept-encoding.js';

const both = ['br', 'gzip'] as const;

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, among what the client accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(pickEncoding('gzip, deflate', both)).toBe('gzip');
    expect(pickEncoding('br', ['gzip'])).toBeUndefined();
    expect(pickEncoding('gzip;q=1.0, br;q=0.5', both)).toBe('gzip');
  });
  it('sends the file as it is without the header, for identity, or when refused with q=0', () => {
    expect(pickEncoding(undefined, both)).toBeUndefined();
    expect(pickEncoding('', both)).toBeUndefined();
    expect(pickEncoding('identity', both)).toBeUndefined();
    expect(pickEncoding('br;q=0, gzip;q=0', both)).toBeUndefined();
    expect(pickEncoding('*;q=0', both)).toBeUndefined();
  });
  it('reads * as every encoding not named, case-insensitively', () => {
    expect(pickEncoding('*', both)).toBe('br');
    expect(pickEncoding('BR;Q=0, *', both)).toBe('gzip');
    expect(pickEncoding('gzip;q=0.8, *;q=0.1', both)).toBe('gzip');
  });
});
