/** Video containers we accept, with the file extension their stored key gets. */
export type VideoContainer = 'mp4' | 'mov' | 'webm' | 'mkv' | 'ogg';

export const CONTAINER_EXTENSIONS: Record<VideoContainer, string> = {
  mp4: 'mp4',
  mov: 'mov',
  webm: 'webm',
  mkv: 'mkv',
  ogg: 'ogv',
};

// ISO-BMFF brands that are still pictures, not videos (AVIF, HEIF).
const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * Looks at the first bytes, not the file name or the claimed type. Only a candidate: ffprobe
 * still has to find a video stream in it.
 */
export function sniffVideoContainer(head: Buffer): VideoContainer | undefined {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = head.subarray(8, 12).toString('latin1');
    if (IMAGE_BRANDS.has(brand)) return undefined;
    return brand === 'qt  ' ? 'mov' : 'mp4';
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    // EBML header: the DocType string tells WebM from Matroska.
    const text = head.toString('latin1');
    if (text.includes('webm')) return 'webm';
    if (text.includes('matroska')) return 'mkv';
    return undefined;
  }
  if (head.subarray(0, 4).toString('latin1') === 'OggS') return 'ogg';
  return undefined;
}

/** ffprobe's format_name for each container family, to catch a file posing as another. */
export function formatMatchesContainer(formatName: string, container: VideoContainer): boolean {
  const names = formatName.split(',');
  switch (container) {
    case 'mp4':
    case 'mov':
      return names.includes('mov') || names.includes('mp4');
    case 'webm':
    case 'mkv':
      return names.includes('matroska') || names.includes('webm');
    case 'ogg':
      return names.includes('ogg');
  }
}
