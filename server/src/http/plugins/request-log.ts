import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * One info line per request, written when its connection is done with it: method, route
 * pattern (never the raw URL, which may carry searches), status, milliseconds, bytes written to
 * the connection (headers included), the request id Fastify binds as `reqId`, and the signed-in
 * user's id when the request looked its session up. Every answer echoes its id as
 * `X-Request-Id` (request-id.ts says where ids come from).
 *
 * A request whose connection closed before the app ended its answer (the client went away, a
 * request timeout, a shutdown past its deadline) is logged as `request cut`, with its status
 * (408 for a timeout, 499 when the client left before any answer) and why. A timeout that struck before Fastify saw a request (headers
 * never completed) is logged from the server's `clientError` event, with a new id.
 */
export function registerRequestLog(app: FastifyInstance): void {
  const inFlight = new WeakMap<Socket, FastifyRequest>();
  const cuts = new WeakMap<FastifyRequest, { status: number; why: string }>();

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    const started = performance.now();
    const socket = request.raw.socket as Socket | undefined;
    const bytesBefore = socket?.bytesWritten;
    if (socket) inFlight.set(socket, request);
    reply.raw.once('close', () => {
      if (socket && inFlight.get(socket) === request) inFlight.delete(socket);
      // Ended by the app: answered, whether or not the last bytes left before the close.
      const answered = reply.raw.writableEnded;
      const cut = answered ? undefined : cuts.get(request);
      const length = Number(reply.getHeader('content-length'));
      const entry = {
        method: request.method,
        route: request.routeOptions.url ?? null,
        // A client that went away before any answer: 499, as nginx logs it.
        status: cut?.status ?? (answered || reply.raw.headersSent ? reply.statusCode : 499),
        ms: Math.round((performance.now() - started) * 10) / 10,
        bytes:
          socket?.bytesWritten !== undefined && bytesBefore !== undefined
            ? socket.bytesWritten - bytesBefore
            : Number.isFinite(length)
              ? length
              : 0,
        userId: request.viewerId ?? null,
      };
      if (answered) request.log.info(entry, 'request');
      else request.log.info({ ...entry, cut: cut?.why ?? 'connection closed' }, 'request cut');
    });
    done();
  });

  // Ahead of Fastify's own listener, which answers and destroys the socket.
  app.server.prependListener('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const status = clientErrorStatus(err.code);
    const request = inFlight.get(socket);
    if (request) {
      cuts.set(request, { status, why: err.code ?? err.message });
      return;
    }
    // A client going away between requests, or before sending one, is not a request.
    if (clientErrorStatus(err.code) === 499 && socket.bytesRead === 0) return;
    app.log.info(
      {
        reqId: randomUUID(),
        method: null,
        route: null,
        status,
        bytes: 0,
        userId: null,
        cut: err.code ?? err.message,
        remoteAddress: socket.remoteAddress ?? null,
      },
      'request cut',
    );
  });
}

/**
 * The status to log for a client error of this code: the answer Node and Fastify give it, or
 * 499 (nginx's "client closed request") when the client went away and nothing could be sent.
 */
export function clientErrorStatus(code: string | undefined): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ECONNRESET' || code === 'HPE_INVALID_EOF_STATE') return 499;
  return 400;
}
