import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ByteBudget } from '../../lib/byte-budget.js';
import { pickEncoding } from '../accept-encoding.js';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this, compressing saves less than it costs (and than the headers weigh). */
export const JSON_COMPRESSION_MIN_BYTES = 1024;

/**
 * At most this much of answers waits for or undergoes compression at once in a process. The
 * work runs in libuv's four threads, and each answer waiting holds its JSON and a copy of it:
 * a burst of 100–200 requests for the 600 KB OpenAPI document ended processes on V8's heap
 * limit. Past it an answer leaves as it is, as it would with `COMPRESS_JSON=false`:
 * compression may save bytes, never cost the process.
 */
export const JSON_COMPRESSION_MAX_PENDING_BYTES = 8 * 1024 * 1024;

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
export function registerJsonCompression(
  app: FastifyInstance,
  maxPendingBytes = JSON_COMPRESSION_MAX_PENDING_BYTES,
): void {
  const pending = new ByteBudget(maxPendingBytes);
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
    // A string's length in UTF-16 units: what it holds of the heap, near enough.
    const size = payload.length;
    if (!pending.take(size)) return payload;
    let body: Buffer;
    try {
      body =
        encoding === 'br'
          ? await brotli(payload, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: payload.length,
              },
            })
          : await gzip(payload, { level: 1 });
    } finally {
      pending.give(size);
    }
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
