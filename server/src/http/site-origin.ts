import type { FastifyRequest } from 'fastify';

/**
 * The address absolute links in pages, feeds and oEmbed answers start with: PUBLIC_URL when set
 * (always, in production), else the scheme and host this request came to (`protocol` and
 * `host` honour a trusted proxy's X-Forwarded-* headers only).
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
