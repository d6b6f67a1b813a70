import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitsInside, webpSize, WEBP_HEAD_BYTES } from './webp-size.js';

const picture = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 80, b: 40, alpha: 0.5 } } });

describe('webpSize', () => {
  it('reads a lossy picture as the server writes thumbnails', async () => {
    const file = await picture(1280, 720).webp({ quality: 82 }).toBuffer();
    expect(file.toString('latin1', 12, 16)).toBe('VP8 ');
    expect(webpSize(file.subarray(0, WEBP_HEAD_BYTES))).toEqual({ width: 1280, height: 720 });
  });

  it('reads odd sizes, a lossless picture and one with transparency (VP8X)', async () => {
    expect(webpSize(await picture(405, 719).webp().toBuffer())).toEqual({
      width: 405,
      height: 719,
    });
    const lossless = await picture(333, 77).webp({ lossless: true }).toBuffer();
    expect(lossless.toString('latin1', 12, 16)).toBe('VP8L');
    expect(webpSize(lossless)).toEqual({ width: 333, height: 77 });
    const alpha = await picture(640, 360, 4).webp().toBuffer();
    expect(alpha.toString('latin1', 12, 16)).toBe('VP8X');
    expect(webpSize(alpha)).toEqual({ width: 640, height: 360 });
  });

  it('is undefined for what is not a WebP file, or too little of one', async () => {
    const png = await picture(10, 10).png().toBuffer();
    expect(webpSize(png)).toBeUndefined();
    const webp = await picture(10, 10).webp().toBuffer();
    expect(webpSize(webp.subarray(0, WEBP_HEAD_BYTES - 1))).toBeUndefined();
    expect(webpSize(Buffer.alloc(64))).toBeUndefined();
  });
});

describe('fitsInside', () => {
  const size = { width: 1280, height: 720 };
  it('holds when no side is bounded or both fit', () => {
    expect(fitsInside(size, {})).toBe(true);
    expect(fitsInside(size, { width: 1280, height: 720 })).toBe(true);
  });
  it('fails when either side is over', () => {
    expect(fitsInside(size, { width: 640 })).toBe(false);
    expect(fitsInside(size, { height: 719 })).toBe(false);
  });
});
