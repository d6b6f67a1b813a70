import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The code Node gives a request its own `requestTimeout` cut (`ERR_HTTP_REQUEST_TIMEOUT`). */
export const REQUEST_TIMEOUT_CODE = 'ERR_HTTP_REQUEST_TIMEOUT';

/**
 * Node's own `requestTimeout` bounds every request body, uploads included, so a large upload
 * on a slow but steady link was cut off however well it went. The server now runs without it
 * (headers keep Node's `headersTimeout`), and this hook keeps the same whole-request limit for
 * every body except the upload routes, which have a minimum-rate guard instead
 * (upload-rate-guard.ts).
 *
 * A body still incomplete at the limit is reported exactly as Node reported its own timeout:
 * a `clientError` event on the server with `ERR_HTTP_REQUEST_TIMEOUT`. So the one client-error
 * handler answers it (a 408 in our error envelope, nothing written behind an answer already
 * begun, the connection closed: client-errors.ts), and the request log records it as a cut
 * request with its route, id and 408 (plugins/request-log.ts), as it did before.
 */
export function registerBodyDeadline(
  app: FastifyInstance,
  seconds: number,
  isUploadRoute: (request: FastifyRequest) => boolean,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || isUploadRoute(request)) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      const socket = raw.socket;
      if (raw.complete || socket.destroyed) return;
      const err = Object.assign(new Error('The request body did not arrive in time.'), {
        code: REQUEST_TIMEOUT_CODE,
      });
      app.server.emit('clientError', err, socket);
    }, seconds * 1000);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    reply.raw.once('close', clear);
    done();
  });
}

/**
 * An answer sent before its request's body was all read (a refusal: 401, 413, 415, a tus
 * creation that failed) leaves Node reading the rest away, so the client hears the answer and
 * the connection can serve again. Only for `seconds` more: the whole-request limit above ends
 * with the answer, and the upload routes never had one, so a client dripping the rest of a
 * refused body would otherwise hold its connection for good. Past the limit the connection is
 * closed; the answer has been sent by then.
 */
export function registerAnsweredBodyLimit(app: FastifyInstance, seconds: number): void {
  app.addHook('onResponse', (request, _reply, done) => {
    const raw = request.raw;
    // No socket of its own: a request made in the process (app.inject), which nothing drips.
    const socket: Partial<Socket> | undefined = raw.socket;
    if (raw.complete || typeof socket?.destroy !== 'function' || socket.destroyed) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (!raw.complete) socket.destroy?.();
    }, seconds * 1000);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    socket.once?.('close', clear);
    done();
  });
}
