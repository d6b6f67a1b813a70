import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';

/** The media store `STORAGE` selects: DATA_DIR/media by default, or an S3 bucket. */
export async function openBlobStore(config: AppConfig): Promise<BlobStore> {
  if (config.storage.kind === 'local') {
    return new LocalBlobStore(path.join(config.dataDir, 'media'), config.storageTimeoutMs);
  }
  // Loaded only when used, so a server on local disk never loads the SDK.
  const { S3BlobStore } = await import('./s3-blob-store.js');
  return new S3BlobStore(config.storage, { timeoutMs: config.storageTimeoutMs });
}

/** Where media lives, for start-up lines. */
export function describeStorage(config: AppConfig): string {
  return config.storage.kind === 'local'
    ? `media in ${path.join(config.dataDir, 'media')}`
    : `media in bucket ${config.storage.bucket}`;
}
