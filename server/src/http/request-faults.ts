import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { fail } from './envelope.js';

/**
 * The last line of defence behind Fastify's error handling. A route's own errors (thrown, or
 * rejected by its promise) reach the error handler; a throw from a stream event or a callback
 * a route set up (a body parser's listener, a timer) does not: Node reports it as an uncaught
 * exception and, by default, ends the process, and with it every other request it was serving.
 *
 * Here each connection and each request carries a scope through Node's async context, so such
 * a throw is traced to the request whose work raised it: that request alone is answered 500 (or
 * its connection closed, if its answer had begun) and the process keeps serving. A fault that
 * belongs to no request (start-up, housekeeping) still ends the process, which the supervisor
 * replaces: nothing a client sent caused it, and nothing says the process is sound.
 */

interface FaultScope {
  socket: Socket;
  /** Unset on the connection's own scope: the socket's reads belong to its requests in turn. */
  response?: ServerResponse;
}

const scopes = new AsyncLocalStorage<FaultScope>();
/** Connections whose request a fault answered: nothing else may write to them. */
const faulted = new WeakSet<Socket>();
/** Answers not yet finished per connection (a keep-alive connection has one at a time). */
const pending = new WeakMap<Socket, Set<ServerResponse>>();

export interface RequestFaultOptions {
  /** Told about each fault a request caused, with the request's method and URL when known. */
  onContained(err: unknown, request: { method?: string; url?: string } | undefined): void;
  /** A fault no request caused: the caller reports it and ends the process. */
  onUnattributed(err: unknown): void;
}

const CONTAINED_ANSWER = JSON.stringify(
  fail(500, 'Something went wrong on our side. Please try again.'),
);

/** Scopes every connection and request of `server`, and handles faults for this process. */
export function containRequestFaults(server: Server, options: RequestFaultOptions): void {
  // Prepended, so they run before Node's own listeners: a scope entered here is the context
  // of everything Node then creates for the connection (its parser, whose callbacks emit the
  // body's events) and for the request (the route and whatever it starts).
  server.prependListener('connection', (socket: Socket) => {
    scopes.enterWith({ socket });
  });
  server.prependListener('request', (request, response: ServerResponse) => {
    const socket = request.socket;
    let open = pending.get(socket);
    if (!open) pending.set(socket, (open = new Set()));
    open.add(response);
    response.once('close', () => open.delete(response));
    scopes.enterWith({ socket, response });
  });

  const onFault = (err: unknown) => {
    const scope = scopes.getStore();
    if (!scope) {
      options.onUnattributed(err);
      return;
    }
    const response = scope.response ?? oldestOpen(scope.socket);
    options.onContained(
      err,
      response ? { method: response.req.method, url: response.req.url } : undefined,
    );
    // A request answered already (its stray timer threw later) has nothing left to end, and
    // its connection may carry the next request by now.
    if (response?.writableEnded) return;
    answerFault(scope.socket, response);
  };
  process.on('uncaughtException', onFault);
  process.on('unhandledRejection', onFault);
}

/** A fault in the connection's own events (its parser) belongs to its oldest open request. */
function oldestOpen(socket: Socket): ServerResponse | undefined {
  return pending.get(socket)?.values().next().value;
}

/**
 * 500 in the error envelope when nothing was sent yet, and the connection closed after it:
 * whatever was reading the request is in an unknown state, so the rest of its body is not
 * read. An answer already under way is cut by closing the connection.
 */
function answerFault(socket: Socket, response: ServerResponse | undefined): void {
  faulted.add(socket);
  try {
    if (!response || response.headersSent) {
      socket.destroy();
      return;
    }
    response.shouldKeepAlive = false;
    response.writeHead(500, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(CONTAINED_ANSWER),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'close',
    });
    response.end(CONTAINED_ANSWER, () => socket.destroy());
  } catch {
    socket.destroy();
  }
}

/**
 * Whether a fault answered this connection's request. A throw inside the request's body events
 * also leaves Node's parser in error, which it reports as a client error right after: that
 * report must not write a second answer behind the 500.
 */
export function answeredByFault(socket: Socket): boolean {
  return faulted.has(socket);
}
