import { describe, expect, it } from 'vitest';
import { sniffImageFormat } from './image.js';

const bytes = (...b: number[]) => Buffer.from(b);

describe('sniffImageFormat', () => {
  it('recognises the accepted formats by their first bytes', () => {
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImageFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniffImageFormat(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImageFormat(Buffer.from('\0\0\0\x1cftypavif'))).toBe('avif');
  });
  it('answers undefined for anything else, whatever it claims', () => {
    expect(
      sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')),
    ).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('\0\0\0\x18ftypmp42'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeUndefined();
  });
});
