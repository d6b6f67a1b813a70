import { describe, expect, it } from 'vitest';
import { formatMatchesContainer, sniffVideoContainer } from './container.js';

const ftyp = (brand: string) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from(`ftyp${brand}`, 'latin1'),
    Buffer.alloc(16),
  ]);
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]),
    Buffer.from(docType),
  ]);

describe('sniffVideoContainer', () => {
  it('recognises MP4, MOV, WebM, Matroska and Ogg by their first bytes', () => {
    expect(sniffVideoContainer(ftyp('isom'))).toBe('mp4');
    expect(sniffVideoContainer(ftyp('mp42'))).toBe('mp4');
    expect(sniffVideoContainer(ftyp('qt  '))).toBe('mov');
    expect(sniffVideoContainer(ebml('webm'))).toBe('webm');
    expect(sniffVideoContainer(ebml('matroska'))).toBe('mkv');
    expect(sniffVideoContainer(Buffer.from('OggS\0\x02', 'latin1'))).toBe('ogg');
  });

  it('refuses still-image ISO files, images, text and short input', () => {
    expect(sniffVideoContainer(ftyp('avif'))).toBeUndefined();
    expect(sniffVideoContainer(ftyp('heic'))).toBeUndefined();
    expect(
      sniffVideoContainer(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    ).toBeUndefined();
    expect(sniffVideoContainer(Buffer.from('just some text pretending'))).toBeUndefined();
    expect(sniffVideoContainer(Buffer.alloc(0))).toBeUndefined();
    expect(sniffVideoContainer(ebml('something'))).toBeUndefined();
  });
});

describe('formatMatchesContainer', () => {
  it('pairs ffprobe format names with the sniffed family', () => {
    expect(formatMatchesContainer('mov,mp4,m4a,3gp,3g2,mj2', 'mp4')).toBe(true);
    expect(formatMatchesContainer('mov,mp4,m4a,3gp,3g2,mj2', 'mov')).toBe(true);
    expect(formatMatchesContainer('matroska,webm', 'webm')).toBe(true);
    expect(formatMatchesContainer('ogg', 'ogg')).toBe(true);
    expect(formatMatchesContainer('png_pipe', 'mp4')).toBe(false);
    expect(formatMatchesContainer('matroska,webm', 'mp4')).toBe(false);
  });
});
