import { createHash } from 'node:crypto';
import * as tus from 'tus-js-client';
import { tinyMp4 } from './media.js';

/**
 * A real MP4 of exactly `bytes` bytes: a tiny clip followed by one `free` box (ISO BMFF's
 * padding, which every reader skips) of random bytes, so a large upload is still a video.
 */
export async function paddedMp4(bytes: number): Promise<Buffer> {
  const clip = await tinyMp4(2);
  const padding = bytes - clip.length;
  if (padding < 8) throw new Error(`a padded MP4 needs at least ${clip.length + 8} bytes`);
  const out = Buffer.allocUnsafe(bytes);
  clip.copy(out, 0);
  out.writeUInt32BE(padding, clip.length);
  out.write('free', clip.length + 4, 'latin1');
  // Cheap pseudo-random filler: a repeated block would hide a misplaced chunk.
  let x = 0x9e3779b9;
  for (let i = clip.length + 8; i + 4 <= bytes; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeInt32LE(x | 0, i);
  }
  return out;
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface TusOptions {
  endpoint: string;
  cookie: string;
  chunkSize?: number;
  filename?: string;
  filetype?: string;
  /** Resume this upload (its URL) instead of creating one. */
  uploadUrl?: string;
  onChunk?: (accepted: number) => void;
  onProgress?: (sent: number) => void;
  retryDelays?: number[] | null;
  /** Accept a test's self-signed certificate (an HTTPS proxy in front of the app). */
  insecureTls?: boolean;
}

/** Starts a tus-js-client upload; `done` settles with its URL, or its error. */
export function startTus(data: Buffer, options: TusOptions) {
  let resolveDone!: (url: string) => void;
  let rejectDone!: (err: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  const upload = new tus.Upload(data, {
    endpoint: options.endpoint,
    uploadUrl: options.uploadUrl,
    chunkSize: options.chunkSize ?? 8 * 1024 * 1024,
    retryDelays: options.retryDelays === undefined ? [0, 500, 1000] : options.retryDelays,
    metadata: {
      filename: options.filename ?? 'holiday.mp4',
      filetype: options.filetype ?? 'video/mp4',
    },
    headers: { cookie: options.cookie },
    ...(options.insecureTls
      ? { httpStack: new tus.DefaultHttpStack({ rejectUnauthorized: false }) }
      : {}),
    onChunkComplete: (_chunk, accepted) => options.onChunk?.(accepted),
    onProgress: (sent) => options.onProgress?.(sent),
    onSuccess: () => resolveDone(upload.url!),
    onError: (err) => rejectDone(err),
  });
  upload.start();
  return { upload, done };
}

/** The last path segment of an upload URL: what publishing takes as `uploadId`. */
export const uploadIdOf = (url: string) => url.split('/').pop()!;
