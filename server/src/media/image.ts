import type Sharp from 'sharp';
import { LIMITS } from '@contract';
import { payloadTooLarge, unsupportedMedia } from '../lib/errors.js';
import { Semaphore } from '../lib/semaphore.js';

/**
 * sharp (libvips, about 15 MB per process) is loaded on the first image, not at start: only
 * uploads and new accounts need it, and every server process would otherwise carry it.
 */
export async function loadSharp(): Promise<typeof Sharp> {
  return (await import('sharp')).default;
}

export type ImagePurpose = 'avatar' | 'cover' | 'thumbnail';

/** Output geometry per purpose: avatars are square crops, the rest keep their aspect. */
export const IMAGE_PROFILES: Record<
  ImagePurpose,
  { width: number; height: number; fit: 'cover' | 'inside'; maxPixels: number }
> = {
  avatar: { width: 320, height: 320, fit: 'cover', maxPixels: LIMITS.avatarMaxPixels },
  cover: { width: 2560, height: 1440, fit: 'inside', maxPixels: LIMITS.coverMaxPixels },
  thumbnail: { width: 1280, height: 720, fit: 'inside', maxPixels: LIMITS.thumbnailMaxPixels },
};

/**
 * Image decodes running at once in this process. A decode of a large picture holds tens of
 * megabytes for its duration; many uploads at once would otherwise add those up (ten
 * 40-megapixel PNGs raised memory by more than 200 MiB). The rest wait their turn.
 */
export const IMAGE_DECODES = new Semaphore(2);

/** Raster formats we accept. SVG is excluded: it is a document, not a picture. */
export const ACCEPTED_IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

/** Looks at the first bytes, not the file name or the claimed type. */
export function sniffImageFormat(head: Buffer): string | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a') return 'gif';
  if (head.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = head.subarray(8, 12).toString('latin1');
    if (brand === 'avif' || brand === 'avis') return 'avif';
  }
  return undefined;
}

/**
 * Decodes and re-encodes to WebP: metadata is dropped, a polyglot file cannot survive, and
 * the pixel ceiling stops decompression bombs before they allocate.
 */
export async function reencodeImage(
  input: string | Buffer,
  head: Buffer,
  purpose: ImagePurpose,
  field: string,
  label: string,
): Promise<Buffer> {
  const format = sniffImageFormat(head);
  if (!format || !ACCEPTED_IMAGE_FORMATS.has(format)) {
    const message = `${label} must be a JPEG, PNG, WebP, GIF or AVIF image.`;
    throw unsupportedMedia(message, [{ field, message }]);
  }
  const profile = IMAGE_PROFILES[purpose];
  const sharp = await loadSharp();
  try {
    return await IMAGE_DECODES.run(() =>
      // sharp reads the header first and refuses more pixels than the ceiling before decoding.
      sharp(input, { limitInputPixels: profile.maxPixels, failOn: 'error' })
        .rotate()
        .resize({
          width: profile.width,
          height: profile.height,
          fit: profile.fit,
          withoutEnlargement: profile.fit === 'inside',
        })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  } catch (err) {
    const text = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(text)) {
      const message = `${label} has too many pixels (at most ${profile.maxPixels / 1e6} megapixels).`;
      throw payloadTooLarge(message, [{ field, message }]);
    }
    const message = `${label} could not be read as an image.`;
    throw unsupportedMedia(message, [{ field, message }]);
  }
}
