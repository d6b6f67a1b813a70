import { describe, expect, it } from 'vitest';
import { IMAGE_DECODES, reencodeImage, sniffImageFormat } from './image.js';

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

describe('reencodeImage', () => {
  it('decodes at most two images at once in a process; the rest wait and then succeed', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    let peak = 0;
    let queued = 0;
    let settled = false;
    const watch = (async () => {
      while (!settled) {
        peak = Math.max(peak, IMAGE_DECODES.active);
        queued = Math.max(queued, IMAGE_DECODES.waiting);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        reencodeImage(png, png.subarray(0, 32), 'thumbnail', 'thumbnail', 'Thumbnail'),
      ),
    );
    settled = true;
    await watch;
    expect(results.every((b) => b.subarray(8, 12).toString('latin1') === 'WEBP')).toBe(true);
    expect(peak).toBe(2);
    expect(queued).toBeGreaterThanOrEqual(3);
    expect(IMAGE_DECODES.active).toBe(0);
  }, 30_000);
});
