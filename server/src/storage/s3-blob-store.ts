import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  UploadPartCopyCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertSafeKey,
  assertSafePrefix,
  type BlobStat,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';
import { contentTypeOfKey } from './media-keys.js';

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
 * A missing key answers as missing, never as an error. A missing bucket is a misconfiguration
 * and is thrown (a HEAD cannot tell the two apart: readiness's probe write finds it).
 */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string };
  return e.name === 'NoSuchKey' || e.name === 'NotFound';
}

/**
 * Keys are object keys in one bucket of any S3-compatible store (AWS S3, Cloudflare R2, MinIO,
 * Garage). Objects are written whole (a PUT, or a multipart upload completed at once), so a
 * reader never sees a partial one. A move is a copy then a delete: S3 has no rename.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly moveConcurrency = 16;
  private readonly listPageSize: number | undefined;

  /** `tuning`: the HTTP agents (to watch their sockets) and a smaller listing page, for tests. */
  constructor(
    options: S3StoreOptions,
    tuning: { httpAgent?: http.Agent; httpsAgent?: https.Agent; listPageSize?: number } = {},
  ) {
    this.bucket = options.bucket;
    this.listPageSize = tuning.listPageSize;
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
        connectionTimeout: 5_000,
        // Each media answer in flight holds one socket until its body ends or is destroyed.
        httpAgent: tuning.httpAgent ?? new http.Agent({ keepAlive: true, maxSockets: 256 }),
        httpsAgent: tuning.httpsAgent ?? new https.Agent({ keepAlive: true, maxSockets: 256 }),
      },
    });
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await fs.stat(sourcePath);
    if (size <= PART_SIZE) {
      await this.putBuffer(key, await fs.readFile(sourcePath));
    } else {
      const body = createReadStream(sourcePath);
      try {
        // Aborts the multipart upload on failure (leavePartsOnError false): no parts are left.
        await new Upload({
          client: this.client,
          params: {
            Bucket: this.bucket,
            Key: key,
            Body: body,
            ContentType: contentTypeOfKey(key),
            ContentLength: size,
          },
          partSize: PART_SIZE,
          queueSize: 2,
          leavePartsOnError: false,
        }).done();
      } finally {
        body.destroy();
      }
    }
    await fs.rm(sourcePath, { force: true });
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentTypeOfKey(key),
        ContentLength: data.length,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // Deleting a missing key succeeds in S3 already.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async stat(key: string): Promise<BlobStat | undefined> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
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
      answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    // In Node the body is the HTTP response itself: destroying it (Fastify does when the client
    // goes away) frees its socket.
    const stream = answer.Body as Readable;
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
    for await (const page of paginateListObjectsV2(
      { client: this.client, pageSize: this.listPageSize },
      { Bucket: this.bucket, Prefix: prefix },
    )) {
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    }
    return keys;
  }

  async move(fromKey: string, toKey: string): Promise<boolean> {
    assertSafeKey(fromKey);
    assertSafeKey(toKey);
    try {
      // The copy keeps the object's Content-Type (metadata directive COPY).
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: toKey,
          CopySource: `${this.bucket}/${fromKey}`,
        }),
      );
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
    await this.delete(fromKey);
    return true;
  }

  /**
   * `move` for an object of `size` bytes, which may be larger than one CopyObject allows (a
   * published upload of up to terabytes): above 5 GiB it is copied part by part on the store's
   * side (UploadPartCopy), the multipart copy aborted on failure, then the source deleted.
   */
  async moveLarge(
    fromKey: string,
    toKey: string,
    size: number,
    limits = { single: MAX_COPY_BYTES, part: COPY_PART_BYTES },
  ): Promise<void> {
    if (size <= limits.single) {
      if (!(await this.move(fromKey, toKey))) throw new Error(`${fromKey} is missing`);
      return;
    }
    assertSafeKey(fromKey);
    assertSafeKey(toKey);
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: toKey,
        ContentType: contentTypeOfKey(toKey),
      }),
    );
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let start = 0, n = 1; start < size; start += limits.part, n += 1) {
        const end = Math.min(size, start + limits.part) - 1;
        const copied = await this.client.send(
          new UploadPartCopyCommand({
            Bucket: this.bucket,
            Key: toKey,
            UploadId,
            PartNumber: n,
            CopySource: `${this.bucket}/${fromKey}`,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ ETag: copied.CopyPartResult!.ETag!, PartNumber: n });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: toKey,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (err) {
      await this.client
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: toKey, UploadId }))
        .catch(() => {});
      throw err;
    }
    await this.delete(fromKey);
  }

  async checkWritable(): Promise<void> {
    // A dot-name no key can take (keys start with a letter or digit), unique per call.
    const probe = `.writable-${randomBytes(6).toString('hex')}`;
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: probe, Body: 'ok', ContentLength: 2 }),
    );
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: probe }));
  }

  /** Closes the client's idle connections (tests and shutdown). */
  close(): void {
    this.client.destroy();
  }
}
