import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { avatarColour, fallbackAvatar } from './fallback-avatar.js';

describe('fallbackAvatar', () => {
  it('is a 320×320 WebP in a colour that depends only on the seed', async () => {
    expect(avatarColour('jane')).toEqual(avatarColour('jane'));
    expect(avatarColour('jane')).not.toEqual(avatarColour('john'));
    const meta = await sharp(await fallbackAvatar('jane')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 320 });
  });
  it('never picks a colour too dark or too light to see against the dark theme', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) {
      const { r, g, b } = avatarColour(seed);
      const max = Math.max(r, g, b);
      expect(max).toBeGreaterThan(120);
      expect(Math.min(r, g, b)).toBeLessThan(120);
    }
  });
});
