import { buffer } from 'node:stream/consumers';
import { BoundedCache } from '../lib/bounded-cache.js';
import { webpSize, WEBP_HEAD_BYTES, type PixelSize } from '../media/webp-size.js';
import type { BlobStore } from '../storage/blob-store.js';

/**
 * A stored thumbnail's size in pixels, read from its first bytes. Thumbnails keep their
 * uploaded shape (fit inside 1280×720, never enlarged), so their size is not one constant.
 * Kept by key: a thumbnail is never rewritten under its key (a new one gets a new random name,
 * and a move gets a new prefix), so a kept size cannot go stale. Undefined when the object is
 * missing or unreadable.
 */
export class ThumbnailSizes {
  private readonly sizes = new BoundedCache<PixelSize>(10_000);

  constructor(private readonly blobs: Pick<BlobStore, 'open'>) {}

  async of(key: string): Promise<PixelSize | undefined> {
    const kept = this.sizes.get(key);
    if (kept) return kept;
    const opened = await this.blobs.open(key, { start: 0, end: WEBP_HEAD_BYTES - 1 });
    if (!opened) return undefined;
    const size = webpSize(await buffer(opened.stream));
    if (size) this.sizes.set(key, size);
    return size;
  }
}
