import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { withDeadline } from './deadline.js';
import { contentTypeOfKey } from './media-keys.js';
import { callStore, type S3Bucket } from './s3-calls.js';

/**
 * The S3 store's multipart uploads (s3-blob-store.ts): every write goes through one, so an
 * object appears under its key only whole, and a large copy is one made part by part.
 */

/**
 * Writes `data` as a multipart upload of one part: the object appears under its key only
 * when the upload is completed, whole, whatever happens to the request carrying the bytes.
 * A plain PUT is whole on S3 itself, but not on every store that speaks its protocol (some
 * write the object while receiving it, and keep what they got when the client goes away),
 * and a reader must never be served half a file. An upload that fails is aborted; one left
 * behind by a crash is removed by the orphan sweep, or by a bucket lifecycle rule.
 */
export async function putWhole(
  s3: S3Bucket,
  key: string,
  data: Buffer,
  abortSignal: AbortSignal,
): Promise<void> {
  const target = { Bucket: s3.bucket, Key: key };
  if (data.length === 0) {
    // Nothing to be half-written: one request.
    await s3.client.send(
      new PutObjectCommand({ ...target, Body: data, ContentType: contentTypeOfKey(key) }),
      { abortSignal },
    );
    return;
  }
  const { UploadId } = await s3.client.send(
    new CreateMultipartUploadCommand({ ...target, ContentType: contentTypeOfKey(key) }),
    { abortSignal },
  );
  try {
    const { ETag } = await s3.client.send(
      new UploadPartCommand({
        ...target,
        UploadId,
        PartNumber: 1,
        Body: data,
        ContentLength: data.length,
      }),
      { abortSignal },
    );
    await s3.client.send(
      new CompleteMultipartUploadCommand({
        ...target,
        UploadId,
        MultipartUpload: { Parts: [{ ETag, PartNumber: 1 }] },
      }),
      { abortSignal },
    );
  } catch (err) {
    // Best effort, under a deadline of its own and not waited for: the caller's failure is
    // what matters, and a store that is down cannot abort anything anyway.
    void withDeadline('media storage (abort upload)', s3.timeoutMs, (signal) =>
      s3.client.send(new AbortMultipartUploadCommand({ ...target, UploadId }), {
        abortSignal: signal,
      }),
    ).catch(() => {});
    throw err;
  }
}

/**
 * Streams `body` (`size` bytes) up in parts of `partSize`, two at once, so no part is ever held
 * whole in memory. The object appears only when the upload completes, whole; on failure (or
 * the deadline behind `abortSignal`) it is aborted (leavePartsOnError false), so no parts are
 * left.
 */
export async function uploadStream(
  s3: S3Bucket,
  key: string,
  body: Readable,
  size: number,
  partSize: number,
  abortSignal: AbortSignal,
): Promise<void> {
  const upload = new Upload({
    client: s3.client,
    params: {
      Bucket: s3.bucket,
      Key: key,
      Body: body,
      ContentType: contentTypeOfKey(key),
      ContentLength: size,
    },
    partSize,
    queueSize: 2,
    leavePartsOnError: false,
  });
  abortSignal.addEventListener('abort', () => void upload.abort().catch(() => {}));
  await upload.done();
}

/**
 * Copies `fromKey` (`size` bytes) to `toKey` part by part on the store's side
 * (UploadPartCopy), parts of `partBytes`; the multipart copy is aborted on failure. Each
 * request has its deadline, scaled by the bytes it copies. The source is left in place.
 */
export async function copyInParts(
  s3: S3Bucket,
  fromKey: string,
  toKey: string,
  size: number,
  partBytes: number,
): Promise<void> {
  const call = <T>(work: (signal: AbortSignal) => Promise<T>, bytes?: number) =>
    callStore(s3.timeoutMs, `copy ${fromKey}`, work, bytes);
  const target = { Bucket: s3.bucket, Key: toKey };
  const { UploadId } = await call((abortSignal) =>
    s3.client.send(
      new CreateMultipartUploadCommand({ ...target, ContentType: contentTypeOfKey(toKey) }),
      { abortSignal },
    ),
  );
  try {
    const parts: { ETag: string; PartNumber: number }[] = [];
    for (let start = 0, n = 1; start < size; start += partBytes, n += 1) {
      const end = Math.min(size, start + partBytes) - 1;
      const copied = await call(
        (abortSignal) =>
          s3.client.send(
            new UploadPartCopyCommand({
              ...target,
              UploadId,
              PartNumber: n,
              CopySource: `${s3.bucket}/${fromKey}`,
              CopySourceRange: `bytes=${start}-${end}`,
            }),
            { abortSignal },
          ),
        end - start + 1,
      );
      parts.push({ ETag: copied.CopyPartResult!.ETag!, PartNumber: n });
    }
    await call((abortSignal) =>
      s3.client.send(
        new CompleteMultipartUploadCommand({
          ...target,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
        { abortSignal },
      ),
    );
  } catch (err) {
    void withDeadline('media storage (abort copy)', s3.timeoutMs, (signal) =>
      s3.client.send(new AbortMultipartUploadCommand({ ...target, UploadId }), {
        abortSignal: signal,
      }),
    ).catch(() => {});
    throw err;
  }
}
