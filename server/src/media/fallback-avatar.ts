import { createHash } from 'node:crypto';
import { IMAGE_PROFILES, loadSharp } from './image.js';

/** A colour picked by the seed: the same name always gets the same colour, never too pale. */
export function avatarColour(seed: string): { r: number; g: number; b: number } {
  const hash = createHash('sha256').update(seed).digest();
  const hue = ((hash[0]! << 8) | hash[1]!) % 360;
  return hslToRgb(hue, 0.55, 0.42);
}

function hslToRgb(h: number, s: number, l: number): { r: number; g: number; b: number } {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

/**
 * The avatar of an account whose provider picture could not be used: a plain square in the
 * seed's colour, WebP like every stored avatar (the web app still shows its own placeholder
 * when an image fails to load).
 */
export async function fallbackAvatar(seed: string): Promise<Buffer> {
  const { width, height } = IMAGE_PROFILES.avatar;
  const sharp = await loadSharp();
  return sharp({ create: { width, height, channels: 3, background: avatarColour(seed) } })
    .webp({ quality: 82 })
    .toBuffer();
}
