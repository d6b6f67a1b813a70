/** A picture's width and height in pixels. */
export interface PixelSize {
  width: number;
  height: number;
}

/** How many bytes of a WebP file `webpSize` needs: the RIFF header and the first chunk's. */
export const WEBP_HEAD_BYTES = 30;

/**
 * The size of a WebP picture from its first bytes, as the format states it: the canvas of an
 * extended file (VP8X), or the frame of a simple lossy (VP8) or lossless (VP8L) one. Undefined
 * when the bytes are not a WebP file this reads.
 */
export function webpSize(head: Buffer): PixelSize | undefined {
  if (head.length < WEBP_HEAD_BYTES) return undefined;
  if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP') {
    return undefined;
  }
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return { width: 1 + head.readUIntLE(24, 3), height: 1 + head.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ') {
    // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14 bits each (the top
    // two bits of each are the scaling, not the size).
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return undefined;
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (head[20] !== 0x2f) return undefined;
    const bits = head.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return undefined;
}

/** Whether `size` fits inside `max`, either side of which may be unbounded. */
export function fitsInside(size: PixelSize, max: { width?: number; height?: number }): boolean {
  return (
    (max.width === undefined || size.width <= max.width) &&
    (max.height === undefined || size.height <= max.height)
  );
}
