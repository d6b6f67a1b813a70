import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.js';
import { answeredByFault } from './request-faults.js';

/**
 * Requests Node refuses before any route sees them (a client too slow to send its request,
 * headers too large, bytes that are not HTTP) are answered here, in the same error envelope
 * as every other answer, instead of Fastify's own JSON shape. A HEAD request gets the status
 * and headers only, as HTTP requires.
 */

export const CLIENT_ERROR_MESSAGES = {
  timeout: 'The request took too long to arrive.',
  headersTooLarge: 'The request headers are too large.',
  addressTooLong: 'The address is too long.',
  malformed: 'The request is not valid HTTP.',
  badPath: 'The address is not valid: it has a malformed percent-encoding.',
  pathPartTooLong: 'A part of the address is too long.',
} as const;

/**
 * The status and message for one of Node's client error codes. Node counts the request line
 * and the headers against one limit and names both overflows alike; `inRequestLine` says which.
 */
export function clientErrorAnswer(
  code: string | undefined,
  inRequestLine = false,
): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, message: CLIENT_ERROR_MESSAGES.timeout };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return inRequestLine
      ? { status: 414, message: CLIENT_ERROR_MESSAGES.addressTooLong }
      : { status: 431, message: CLIENT_ERROR_MESSAGES.headersTooLarge };
  }
  return { status: 400, message: CLIENT_ERROR_MESSAGES.malformed };
}

/** A request line's start: a method, one space, and the start of a target. */
const REQUEST_LINE_START = /^[A-Z]{1,20} (?:\/|\*|[a-z][a-z0-9+.-]*:\/\/)/i;

/**
 * Whether a header overflow happened on the request line. Node stops parsing where it found
 * the overflow (`bytesParsed` into the chunk it was reading, `rawPacket`); when the last line
 * begun in that part is a request line, no header had started yet. The method must be followed
 * by a target for the line to count, so a header value split across reads cannot pass for one.
 * A chunk that lies wholly inside one long line (an address or a header value longer than a
 * network read) shows neither, and keeps the 431 Node's error names.
 */
export function overflowInRequestLine(rawPacket: unknown, bytesParsed: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) return false;
  const end =
    typeof bytesParsed === 'number' && bytesParsed >= 0
      ? Math.min(bytesParsed, rawPacket.length)
      : rawPacket.length;
  const parsed = rawPacket.subarray(0, end);
  const lastBreak = parsed.lastIndexOf('\r\n');
  const lineStart = lastBreak === -1 ? 0 : lastBreak + 2;
  return REQUEST_LINE_START.test(parsed.subarray(lineStart, lineStart + 40).toString('latin1'));
}

/**
 * The request method, when the request line arrived: from the request Node made of it, or
 * else from the first bytes it could not parse (`rawPacket`).
 */
export function methodOf(socket: Socket, rawPacket: unknown): string | undefined {
  const current = (socket as { _httpMessage?: { req?: { method?: string } } })._httpMessage;
  if (current?.req?.method) return current.req.method;
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  return /^([A-Z]{1,20}) /.exec(rawPacket.subarray(0, 24).toString('latin1'))?.[1];
}

/** The raw answer: status line, headers and, unless the request was a HEAD, the body. */
export function clientErrorBytes(status: number, message: string, method?: string): string {
  const body = JSON.stringify(fail(status, message));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
    'content-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    'cache-control: no-store\r\n' +
    'connection: close\r\n\r\n' +
    (method === 'HEAD' ? '' : body)
  );
}

/** Fastify's `clientErrorHandler` (Node's `clientError` event). */
export function answerClientError(
  err: Error & { code?: string; rawPacket?: unknown; bytesParsed?: unknown },
  socket: Socket,
): void {
  // Gone already, or answered 500 by a fault in its own request (see request-faults.ts).
  if (err.code === 'ECONNRESET' || socket.destroyed || answeredByFault(socket)) return;
  const started = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !started?.headersSent) {
    const { status, message } = clientErrorAnswer(
      err.code,
      err.code === 'HPE_HEADER_OVERFLOW' && overflowInRequestLine(err.rawPacket, err.bytesParsed),
    );
    socket.write(clientErrorBytes(status, message, methodOf(socket, err.rawPacket)));
  }
  socket.destroy(err);
}

/**
 * Fastify's `frameworkErrors`: a path its router cannot decode (`%zz`, a cut-off UTF-8
 * sequence) or with a parameter longer than `maxParamLength`, refused before any route. In the
 * envelope, with the status Fastify chose (400, 414); a HEAD answer has no body (Node drops it).
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? CLIENT_ERROR_MESSAGES.pathPartTooLong
      : error.code === 'FST_ERR_BAD_URL'
        ? CLIENT_ERROR_MESSAGES.badPath
        : (STATUS_CODES[status] ?? 'The request is not valid.');
  void reply.status(status).header('cache-control', 'no-store').send(fail(status, message));
}
