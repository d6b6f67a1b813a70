import fs from 'node:fs/promises';
import path from 'node:path';
import type { DataStore } from '@tus/utils';
import type { AppConfig } from '../config.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { S3BlobStore } from '../storage/s3-blob-store.js';

/** The folder (local disk) and key prefix (bucket) of resumable uploads. */
export const UPLOADS_PREFIX = 'uploads/';

/** The tus id of an upload (`uploads/{hex}`) and back. */
export const tusIdOf = (uploadId: string) => `${UPLOADS_PREFIX}${uploadId}`;
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * Where resumable uploads' bytes live while they arrive: `DATA_DIR/uploads` on local disk
 * (@tus/file-store) or the `uploads/` prefix of the media bucket (@tus/s3-store), beside the
 * media so publishing moves the bytes rather than copying them through the server.
 */
export interface UploadStorage {
  readonly datastore: DataStore;
  /** The first `n` bytes of an upload, for its container. */
  head(uploadId: string, n: number): Promise<Buffer>;
  /**
   * A local path ffprobe may read the upload at (the file itself on disk); on S3, undefined:
   * the caller serves it through the BlobStore instead (`mediaKey`).
   */
  localPath(uploadId: string): string | undefined;
  /** The upload's finished object as a media-store key (S3), for ranged reads. */
  mediaKey(uploadId: string): string;
  /** Moves the finished upload's bytes to `key` in the media store (a rename, not a copy). */
  moveTo(uploadId: string, key: string, size: number): Promise<void>;
  /** Undoes `moveTo` when what followed it failed: the upload is whole again. */
  moveBack(uploadId: string, key: string, size: number): Promise<void>;
  /** Once published: tus's record of the upload goes too, so nothing of it remains here. */
  forget(uploadId: string): Promise<void>;
  /** Removes every trace of an upload, finished or not (an S3 multipart upload is aborted). */
  remove(uploadId: string): Promise<void>;
  /** Ids of uploads here last written before `before` (epoch ms), for the sweep. */
  olderThan(before: number): Promise<string[]>;
  /** Bytes free where uploads are written, or undefined when the store does not say (S3). */
  freeBytes(): Promise<number | undefined>;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Uploads under `DATA_DIR/uploads`: `{hex}` holds the bytes, `{hex}.json` tus's record. */
async function localStorage(config: AppConfig, blobs: BlobStore): Promise<UploadStorage> {
  const { FileStore } = await import('@tus/file-store');
  const dir = path.join(config.dataDir, 'uploads');
  await fs.mkdir(dir, { recursive: true });
  const datastore = new FileStore({
    // tus ids are `uploads/{hex}`, so the files land in DATA_DIR/uploads.
    directory: config.dataDir,
    expirationPeriodInMilliseconds: config.uploads.expiryHours * 3_600_000,
  });
  const fileOf = (id: string) => path.join(dir, id);
  return {
    datastore,
    async head(id, n) {
      const handle = await fs.open(fileOf(id), 'r');
      try {
        const buffer = Buffer.alloc(n);
        const { bytesRead } = await handle.read(buffer, 0, n, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    localPath: fileOf,
    mediaKey: tusIdOf,
    async moveTo(id, key) {
      // A rename when DATA_DIR/uploads and DATA_DIR/media share a file system.
      await blobs.putFile(key, fileOf(id));
    },
    async moveBack(id, key) {
      await fs.rename(path.join(config.dataDir, 'media', key), fileOf(id));
    },
    async forget(id) {
      await fs.rm(`${fileOf(id)}.json`, { force: true });
    },
    async remove(id) {
      await fs.rm(fileOf(id), { force: true });
      await fs.rm(`${fileOf(id)}.json`, { force: true });
    },
    async olderThan(before) {
      const names = await fs
        .readdir(dir)
        .catch((err) => (isMissing(err) ? [] : Promise.reject(err)));
      const ids = new Set<string>();
      for (const name of names) {
        const id = name.replace(/\.json$/, '');
        if (!UPLOAD_ID_PATTERN.test(id)) continue;
        const st = await fs.stat(path.join(dir, name)).catch(() => undefined);
        if (st && st.mtimeMs < before) ids.add(id);
      }
      return [...ids];
    },
    async freeBytes() {
      const st = await fs.statfs(dir);
      return Number(st.bavail) * Number(st.bsize);
    },
  };
}

/** Uploads under `uploads/` in the media bucket: `{hex}` once complete, `.info`, `.part`. */
async function s3Storage(config: AppConfig, blobs: S3BlobStore): Promise<UploadStorage> {
  const { SafeS3Store } = await import('./s3-upload-store.js');
  const { ListMultipartUploadsCommand, ListObjectsV2Command, AbortMultipartUploadCommand } =
    await import('@aws-sdk/client-s3');
  if (config.storage.kind !== 's3') throw new Error('S3 upload storage needs STORAGE=s3');
  const s3 = config.storage;
  const datastore = new SafeS3Store({
    partSize: 8 * 1024 * 1024,
    // Expiry is the sweep's (uploads/upload-sweep.ts), not bucket lifecycle tags.
    useTags: false,
    expirationPeriodInMilliseconds: config.uploads.expiryHours * 3_600_000,
    s3ClientConfig: {
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: s3.forcePathStyle,
      credentials: s3.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // STORAGE_TIMEOUT_MS, as for every other call to the store: a store that is down or
      // frozen fails tus's request (answered 503, uploads.routes.ts) instead of holding it.
      // Idle time, not total: a large part on a working store is never cut. One attempt: the
      // SDK's own retries would stack several timeouts into one request, and a tus client
      // retries for itself.
      maxAttempts: 1,
      requestHandler: {
        connectionTimeout: Math.min(5_000, config.storageTimeoutMs),
        socketTimeout: config.storageTimeoutMs,
      },
    },
  });
  const client = blobs.client;
  const bucket = blobs.bucket;
  return {
    datastore,
    async head(id, n) {
      const object = await blobs.open(tusIdOf(id), { start: 0, end: n - 1 });
      if (!object) throw new Error(`upload ${id} is missing`);
      const chunks: Buffer[] = [];
      for await (const chunk of object.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).subarray(0, n);
    },
    localPath: () => undefined,
    mediaKey: tusIdOf,
    async moveTo(id, key, size) {
      await blobs.moveLarge(tusIdOf(id), key, size);
    },
    async moveBack(id, key, size) {
      await blobs.moveLarge(key, tusIdOf(id), size);
    },
    async forget(id) {
      await Promise.all([blobs.delete(`${tusIdOf(id)}.info`), blobs.delete(`${tusIdOf(id)}.part`)]);
    },
    async remove(id) {
      const key = tusIdOf(id);
      // Any multipart upload still open for it is aborted, so no parts linger in the bucket.
      const listed = await client.send(
        new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: key }),
      );
      for (const upload of listed.Uploads ?? []) {
        if (upload.Key !== key) continue;
        await client.send(
          new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: upload.UploadId }),
        );
      }
      await Promise.all([key, `${key}.info`, `${key}.part`].map((k) => blobs.delete(k)));
    },
    async olderThan(before) {
      const ids = new Set<string>();
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: bucket,
            Prefix: UPLOADS_PREFIX,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const u of page.Uploads ?? []) {
          const id = u.Key?.slice(UPLOADS_PREFIX.length) ?? '';
          if (UPLOAD_ID_PATTERN.test(id) && (u.Initiated?.getTime() ?? 0) < before) ids.add(id);
        }
        if (!page.IsTruncated) break;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
      let token: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: UPLOADS_PREFIX,
            ContinuationToken: token,
          }),
        );
        for (const o of page.Contents ?? []) {
          const id = (o.Key ?? '').slice(UPLOADS_PREFIX.length).replace(/\.(info|part)$/, '');
          if (UPLOAD_ID_PATTERN.test(id) && (o.LastModified?.getTime() ?? 0) < before) ids.add(id);
        }
        if (!page.IsTruncated) break;
        token = page.NextContinuationToken;
      }
      return [...ids];
    },
    freeBytes: async () => undefined,
  };
}

/** The upload storage beside the configured media store. */
export async function openUploadStorage(
  config: AppConfig,
  blobs: BlobStore,
): Promise<UploadStorage> {
  if (config.storage.kind === 's3') return s3Storage(config, blobs as S3BlobStore);
  return localStorage(config, blobs);
}
