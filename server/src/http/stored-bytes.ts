import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStat, BlobStore } from '../storage/blob-store.js';
import { entityTag, etagMatches, parseRange } from './byte-range.js';
import { fail } from './envelope.js';

/** One stored object to answer with: where it is, what it is, and how to read it. */
export interface StoredObject {
  key: string;
  stat: BlobStat;
  contentType: string;
}

/**
 * Answers a GET or HEAD of one stored object, after the caller decided access and set its own
 * headers (caching, disposition): its validators (a strong ETag of size and write time,
 * Last-Modified), 304 for a matching If-None-Match, one `bytes=` range as 206 (unless If-Range
 * names another version, then the whole object), 416 for a range past the end. So a player
 * seeks and a download resumes where it broke. `missing` answers an object that went between
 * the stat and the read.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: Pick<BlobStore, 'open'>,
  { key, stat, contentType }: StoredObject,
  missing: (reply: FastifyReply) => FastifyReply,
): Promise<FastifyReply> {
  const etag = entityTag(stat.size, stat.modifiedAt);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', new Date(stat.modifiedAt).toUTCString());
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();

  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, stat.size);
  if (range.kind === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${stat.size}`)
      .send(fail(416, 'The requested range is not in this file.'));
  }
  const start = range.kind === 'partial' ? range.start : 0;
  const end = range.kind === 'partial' ? range.end : stat.size - 1;
  reply
    .status(range.kind === 'partial' ? 206 : 200)
    .type(contentType)
    .header('content-length', String(Math.max(0, end - start + 1)));
  if (range.kind === 'partial') reply.header('content-range', `bytes ${start}-${end}/${stat.size}`);
  // An empty stream, not nothing: Fastify's HEAD of a GET route sets Content-Length from the
  // payload unless the payload is a stream.
  if (request.method === 'HEAD' || stat.size === 0) return reply.send(Readable.from([]));
  const file = await blobs.open(key, { start, end });
  if (!file) return missing(reply.removeHeader('content-length').removeHeader('content-range'));
  return reply.send(file.stream);
}
