import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Node's own `requestTimeout` bounds every request body, uploads included, so a large upload
 * on a slow but steady link was cut off however well it went. The server now runs without it
 * (headers keep Node's `headersTimeout`), and this hook keeps the same whole-request limit for
 * every body except the upload routes, which have a minimum-rate guard instead
 * (upload-rate-guard.ts). A body still incomplete at the limit gets what Node sent: a bare 408
 * and the connection closed.
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
      if (raw.complete) return;
      const socket = raw.socket;
      if (!socket.destroyed && socket.writable && !reply.raw.headersSent) {
        socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
      }
      setTimeout(() => socket.destroy(), 1000).unref();
    }, seconds * 1000);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    reply.raw.once('close', clear);
    done();
  });
}
