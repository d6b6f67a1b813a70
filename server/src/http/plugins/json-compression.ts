import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { pickEncoding } from '../accept-encoding.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this, compressing saves less than it costs (and than the headers weigh). */
export const JSON_COMPRESSION_MIN_BYTES = 1024;

function addVary(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const text = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (text === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(text)) return;
  reply.header('vary', text ? `${text}, accept-encoding` : 'accept-encoding');
}

/**
 * JSON answers of 1 KB and more leave brotli- or gzip-compressed at the fastest level, in
 * libuv's thread pool rather than on the event loop. Measured (docs/performance.md): a
 * 60-video feed page shrinks from 43 KB to 12 KB for about twice the CPU of turning it into
 * JSON, and it is what keeps the home route's first render within 150 KB. Deployments whose
 * proxy compresses already turn it off (`COMPRESS_JSON=false`).
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      return payload;
    }
    // A string's UTF-8 bytes are at least its UTF-16 units: only a short one is measured.
    if (
      payload.length < JSON_COMPRESSION_MIN_BYTES &&
      Buffer.byteLength(payload) < JSON_COMPRESSION_MIN_BYTES
    ) {
      return payload;
    }
    addVary(reply);
    const encoding = pickEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: payload.length,
            },
          })
        : await gzip(payload, { level: 1 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
