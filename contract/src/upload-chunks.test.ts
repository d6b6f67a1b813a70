import { describe, expect, it } from 'vitest';
import { MIB } from './limits.js';
import { UPLOAD_CHUNK, nextChunkBytes } from './upload-chunks.js';

describe('nextChunkBytes', () => {
  it('doubles on a fast link, one step at a time, up to the largest chunk', () => {
    // 8 MiB in 0.1 s is 80 MiB/s: four seconds of it is far more than one doubling.
    expect(nextChunkBytes(8 * MIB, 8 * MIB, 0.1)).toBe(16 * MIB);
    expect(nextChunkBytes(32 * MIB, 32 * MIB, 0.4)).toBe(64 * MIB);
    expect(nextChunkBytes(64 * MIB, 64 * MIB, 0.5)).toBe(UPLOAD_CHUNK.maxBytes);
  });

  it('stays at 8 MiB on a slow link (2 Mbit/s takes 33 s per chunk)', () => {
    expect(nextChunkBytes(8 * MIB, 8 * MIB, 33)).toBe(8 * MIB);
  });

  it('keeps a chunk that takes about the target time', () => {
    expect(nextChunkBytes(32 * MIB, 32 * MIB, 4)).toBe(32 * MIB);
    expect(nextChunkBytes(32 * MIB, 32 * MIB, 2.5)).toBe(32 * MIB);
  });

  it('halves when the link slows down, never below 8 MiB', () => {
    expect(nextChunkBytes(64 * MIB, 64 * MIB, 20)).toBe(32 * MIB);
    expect(nextChunkBytes(16 * MIB, 16 * MIB, 60)).toBe(8 * MIB);
    expect(nextChunkBytes(8 * MIB, 8 * MIB, 600)).toBe(8 * MIB);
  });

  it('ignores a short tail and an unmeasured chunk', () => {
    expect(nextChunkBytes(16 * MIB, 1 * MIB, 0.01)).toBe(16 * MIB);
    expect(nextChunkBytes(16 * MIB, 16 * MIB, 0)).toBe(16 * MIB);
  });

  it('keeps every size a whole number of 8 MiB parts', () => {
    let size = UPLOAD_CHUNK.minBytes;
    for (const seconds of [0.1, 0.1, 0.1, 0.1, 30, 0.2, 40, 40]) {
      size = nextChunkBytes(size, size, seconds);
      expect(size % (8 * MIB)).toBe(0);
      expect(size).toBeGreaterThanOrEqual(UPLOAD_CHUNK.minBytes);
      expect(size).toBeLessThanOrEqual(UPLOAD_CHUNK.maxBytes);
    }
  });
});
