/** Video containers the server accepts (MP4/MOV, WebM/Matroska, Ogg). */
export type VideoContainer = 'mp4' | 'mov' | 'webm' | 'mkv' | 'ogg';

/** Bytes `sniffVideoContainer` needs from the start of a file. */
export const CONTAINER_SNIFF_BYTES = 64;

// ISO-BMFF brands that are still pictures, not videos (AVIF, HEIF).
const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * Looks at the first bytes, not the file name or the claimed type. Only a candidate: ffprobe
 * still has to find a video stream in it.
 */
export function sniffVideoContainer(head: Uint8Array): VideoContainer | undefined {
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && text(4, 8) === 'ftyp') {
    const brand = text(8, 12);
    if (IMAGE_BRANDS.has(brand)) return undefined;
    return brand === 'qt  ' ? 'mov' : 'mp4';
  }
  if (
    head.length >= 4 &&
    head[0] === 0x1a &&
    head[1] === 0x45 &&
    head[2] === 0xdf &&
    head[3] === 0xa3
  ) {
    // EBML header: the DocType string tells WebM from Matroska.
    const all = text(0, head.length);
    if (all.includes('webm')) return 'webm';
    if (all.includes('matroska')) return 'mkv';
    return undefined;
  }
  if (text(0, 4) === 'OggS') return 'ogg';
  return undefined;
}
