import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator of a body: its SHA-1, base64url, quoted. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when the client's If-None-Match names this validator (or is `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Sends a generated text answer with its ETag, or 304 when the client has it already. */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  contentType: string,
): FastifyReply {
  const etag = etagOf(body);
  reply.header('etag', etag).header('content-type', contentType);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.send(body);
}
