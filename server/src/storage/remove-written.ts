import { isStorageUnavailable } from '../lib/storage-errors.js';
import type { BlobStore } from './blob-store.js';

/**
 * Removes what a failed request wrote before it answers, so it leaves no file behind. When the
 * failure was the store itself being unreachable, the removal would only wait out another
 * deadline: it is started but not waited for, the request answers 503 at once, and whatever it
 * cannot remove is left for the orphan sweep (storage/orphan-sweep.ts).
 */
export async function removeWritten(
  blobs: BlobStore,
  keys: readonly string[],
  cause: unknown,
): Promise<void> {
  const removal = Promise.all(keys.map((key) => blobs.delete(key)));
  if (isStorageUnavailable(cause)) {
    removal.catch(() => {});
    return;
  }
  await removal;
}
