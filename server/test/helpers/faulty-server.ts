// The real server process (`serve`, as `npm start` runs it with one process) with routes added
// that fail the way no real route may: throws from stream events, timers and stray promises,
// after the route itself has returned. Proves such a fault ends that request alone.
import type { FastifyInstance } from 'fastify';
import { serve } from '../../src/process/serve.js';

/** A handler that never answers by itself: only the fault can end its request. */
const never = () => new Promise<never>(() => {});

function faultyRoutes(server: FastifyInstance): void {
  // Left unread by Fastify, for the route below to read itself.
  server.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
  server.post('/faults/body-listener', (request) => {
    request.raw.on('data', () => {
      throw new Error('thrown by a request body listener');
    });
    return never();
  });
  server.get('/faults/timer', () => {
    setTimeout(() => {
      throw new Error('thrown by a timer a route started');
    }, 10);
    return never();
  });
  server.get('/faults/rejection', () => {
    void Promise.reject(new Error('a promise a route started and nobody awaited'));
    return never();
  });
  server.get('/faults/after-answer', async (_request, reply) => {
    setTimeout(() => {
      throw new Error('thrown after the answer went out');
    }, 10);
    return reply.send({ ok: true });
  });
  // Answers after a while: a request in flight on another connection while the others fail.
  server.get('/faults/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.SLOW_MS ?? 500)));
    return { slow: true };
  });
}

await serve({ leader: true, processes: 1, firstStart: true, extend: faultyRoutes });
