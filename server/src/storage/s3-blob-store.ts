import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DEFAULT_STORAGE_TIMEOUT_MS, endStalls } from './deadline.js';
import {
  assertSafeKey,
  assertSafePrefix,
  assertScanPrefix,
  type BlobEntry,
  type BlobStat,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';
import { callStore, isMissing, type S3Bucket } from './s3-calls.js';
import { listPages } from './s3-listing.js';
import { copyInParts, putWhole, uploadStream } from './s3-multipart.js';

/** Where the bucket is and how to sign in to it (see `STORAGE=s3` in config.ts). */
export interface S3StoreOptions {
  /** Unset: AWS S3 itself, by region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path rather than the host name (MinIO, Garage, most self-hosted stores). */
  forcePathStyle: boolean;
}

/** Files above this go up in parts, several at once, so no part is ever held whole in memory. */
const PART_SIZE = 8 * 1024 * 1024;
/** S3's largest single CopyObject; a larger object is copied in parts. */
const MAX_COPY_BYTES = 5 * 1024 * 1024 * 1024;
const COPY_PART_BYTES = 512 * 1024 * 1024;

/**
 * Keys are object keys in one bucket of any S3-compatible store (AWS S3, Cloudflare R2, MinIO,
 * Garage). Objects are written whole (a PUT, or a multipart upload completed at once), so a
 * reader never sees a partial one (s3-multipart.ts). A move is a copy then a delete: S3 has no
 * rename.
 */
export class S3BlobStore implements BlobStore, S3Bucket {
  readonly client: S3Client;
  readonly bucket: string;
  readonly moveConcurrency = 16;
  private readonly listPageSize: number | undefined;

  /** How long one request to the store may take (`STORAGE_TIMEOUT_MS`). */
  readonly timeoutMs: number;

  /**
   * `tuning`: the deadline of each request (`STORAGE_TIMEOUT_MS`); for tests, the HTTP agents
   * (to watch their sockets) and a smaller listing page.
   */
  constructor(
    options: S3StoreOptions,
    tuning: {
      timeoutMs?: number;
      httpAgent?: http.Agent;
      httpsAgent?: https.Agent;
      listPageSize?: number;
    } = {},
  ) {
    this.bucket = options.bucket;
    this.listPageSize = tuning.listPageSize;
    this.timeoutMs = tuning.timeoutMs ?? DEFAULT_STORAGE_TIMEOUT_MS;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where the operation requires one: several S3-compatible stores refuse
      // the SDK's default CRC headers on PUT and multipart uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: Math.min(5_000, this.timeoutMs),
        // Each media answer in flight holds one socket until its body ends or is destroyed.
        httpAgent: tuning.httpAgent ?? new http.Agent({ keepAlive: true, maxSockets: 256 }),
        httpsAgent: tuning.httpsAgent ?? new https.Agent({ keepAlive: true, maxSockets: 256 }),
      },
    });
  }

  /** One call to the store under its deadline (see `callStore`). */
  private call<T>(what: string, work: (signal: AbortSignal) => Promise<T>, bytes = 0): Promise<T> {
    return callStore(this.timeoutMs, what, work, bytes);
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await fs.stat(sourcePath);
    if (size <= PART_SIZE) {
      const data = await fs.readFile(sourcePath);
      await this.call(
        `write ${key}`,
        (abortSignal) => putWhole(this, key, data, abortSignal),
        size,
      );
    } else {
      const body = createReadStream(sourcePath);
      try {
        await this.call(
          `write ${key}`,
          (abortSignal) => uploadStream(this, key, body, size, PART_SIZE, abortSignal),
          size,
        );
      } finally {
        body.destroy();
      }
    }
    await fs.rm(sourcePath, { force: true });
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    await this.call(
      `write ${key}`,
      (abortSignal) => putWhole(this, key, data, abortSignal),
      data.length,
    );
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // Deleting a missing key succeeds in S3 already.
    await this.call(`delete ${key}`, (abortSignal) =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), {
        abortSignal,
      }),
    );
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async stat(key: string): Promise<BlobStat | undefined> {
    assertSafeKey(key);
    try {
      const head = await this.call(`stat ${key}`, (abortSignal) =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), {
          abortSignal,
        }),
      );
      return {
        size: Number(head.ContentLength ?? 0),
        modifiedAt: head.LastModified?.getTime() ?? 0,
      };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async open(
    key: string,
    range?: ByteRange,
  ): Promise<{ stream: Readable; size: number } | undefined> {
    assertSafeKey(key);
    let answer;
    try {
      // The deadline covers the store's answer up to its headers; the body is watched for
      // stalls below, since a slow client may rightly hold it back for longer.
      answer = await this.call(`read ${key}`, (abortSignal) =>
        this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
          { abortSignal },
        ),
      );
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    // In Node the body is the HTTP response itself: destroying it (Fastify does when the client
    // goes away, and endStalls when the store stops sending) frees its socket.
    const stream = endStalls(
      answer.Body as Readable,
      this.timeoutMs,
      `media storage (read ${key})`,
    );
    const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
    const size = total ? Number(total) : Number(answer.ContentLength ?? 0);
    if (range && !total && (range.start !== 0 || range.end !== size - 1)) {
      // A store that ignored the Range would send other bytes than the caller announced.
      stream.destroy();
      throw new Error(`The object store ignored a Range request for ${key}`);
    }
    return { stream, size };
  }

  async list(prefix: string): Promise<string[]> {
    assertSafePrefix(prefix);
    const keys: string[] = [];
    for await (const page of listPages(this, prefix, `list ${prefix}`, this.listPageSize)) {
      for (const object of page) if (object.Key) keys.push(object.Key);
    }
    return keys;
  }

  async *scan(prefix: string): AsyncIterable<BlobEntry> {
    assertScanPrefix(prefix);
    // In key order, a page at a time, each page under its deadline.
    for await (const page of listPages(this, prefix, `scan ${prefix}`, this.listPageSize)) {
      for (const object of page) {
        if (!object.Key) continue;
        yield {
          key: object.Key,
          size: Number(object.Size ?? 0),
          modifiedAt: object.LastModified?.getTime() ?? 0,
        };
      }
    }
  }

  async move(fromKey: string, toKey: string): Promise<boolean> {
    assertSafeKey(fromKey);
    assertSafeKey(toKey);
    if (!(await this.copy(fromKey, toKey, 0))) return false;
    await this.delete(fromKey);
    return true;
  }

  /**
   * Copies `fromKey` to `toKey` on the store's side (keeping its Content-Type: metadata
   * directive COPY); false when `fromKey` is missing. `bytes` scales the deadline, since the
   * store takes longer to copy a larger object.
   */
  private async copy(fromKey: string, toKey: string, bytes: number): Promise<boolean> {
    try {
      await this.call(
        `copy ${fromKey}`,
        (abortSignal) =>
          this.client.send(
            new CopyObjectCommand({
              Bucket: this.bucket,
              Key: toKey,
              CopySource: `${this.bucket}/${fromKey}`,
            }),
            { abortSignal },
          ),
        bytes,
      );
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
    return true;
  }

  /**
   * `move` for an object of `size` bytes, which may be larger than one CopyObject allows (a
   * published upload of up to terabytes): above 5 GiB it is copied part by part on the store's
   * side (UploadPartCopy), the multipart copy aborted on failure, then the source deleted.
   * Each request has its deadline, scaled by the bytes it copies.
   */
  async moveLarge(
    fromKey: string,
    toKey: string,
    size: number,
    limits = { single: MAX_COPY_BYTES, part: COPY_PART_BYTES },
  ): Promise<void> {
    assertSafeKey(fromKey);
    assertSafeKey(toKey);
    if (size <= limits.single) {
      if (!(await this.copy(fromKey, toKey, size))) throw new Error(`${fromKey} is missing`);
      await this.delete(fromKey);
      return;
    }
    await copyInParts(this, fromKey, toKey, size, limits.part);
    await this.delete(fromKey);
  }

  async checkWritable(): Promise<void> {
    // A dot-name no key can take (keys start with a letter or digit), unique per call.
    const probe = `.writable-${randomBytes(6).toString('hex')}`;
    await this.call('probe write', async (abortSignal) => {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: probe, Body: 'ok', ContentLength: 2 }),
        { abortSignal },
      );
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: probe }), {
        abortSignal,
      });
    });
  }

  /** Closes the client's idle connections (tests and shutdown). */
  close(): void {
    this.client.destroy();
  }
}
