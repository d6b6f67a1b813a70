import { MIB } from './limits.js';

/**
 * How large each PATCH of a resumable upload is. The first is 8 MiB (a whole part of the S3
 * store's multipart upload); then each chunk aims at about `targetSeconds` at the rate the last
 * one went, at most doubling or halving at a time, between the two bounds. Every size is 8 MiB
 * times a power of two, so chunks stay whole S3 parts. On a slow link chunks stay small; on a
 * fast one a 1 GiB file goes in about 20 PATCHes instead of 128, since each PATCH costs a round
 * trip and its checks (session, owner, lock, the stored offset) however small it is. What a
 * broken PATCH loses does not depend on its size: the server keeps the bytes that arrived.
 * A proxy in front must let bodies of `maxBytes` through (nginx: `client_max_body_size`).
 */
export const UPLOAD_CHUNK = {
  minBytes: 8 * MIB,
  maxBytes: 64 * MIB,
  targetSeconds: 4,
} as const;

/** The size of the next chunk, after one of `bytes` took `seconds` (its answer included). */
export function nextChunkBytes(current: number, bytes: number, seconds: number): number {
  const { minBytes, maxBytes, targetSeconds } = UPLOAD_CHUNK;
  let next = Math.min(maxBytes, Math.max(minBytes, current));
  // A short last chunk (the file's tail) says little about the link.
  if (!(seconds > 0) || bytes < next / 2) return next;
  const wanted = (bytes / seconds) * targetSeconds;
  if (wanted >= next * 2) next *= 2;
  else if (wanted < next / 2) next /= 2;
  return Math.min(maxBytes, Math.max(minBytes, next));
}
