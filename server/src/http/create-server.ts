import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE, API_ROUTES } from '@contract';
import type { AppConfig } from '../config.js';
import { registerAnsweredBodyLimit, registerBodyDeadline } from './body-deadline.js';
import { answerClientError, answerFrameworkError } from './client-errors.js';
import { registerBodyTypes } from './body-types.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerTextRefusal } from './plugins/text-refusal.js';
import { registerRequestLog } from './plugins/request-log.js';
import { requestIdGenerator } from './request-id.js';
import { serializerCompiler } from './serializer.js';

/**
 * A client gets `seconds` to send its headers, and an idle keep-alive connection is closed
 * after as long, so slow or stalled clients cannot hold connections. Node checks the limits on
 * an interval; a short one cuts them off close to the limit. The whole-request limit is not
 * Node's (which would cut every large upload on a slow link): `registerBodyDeadline` keeps it
 * for every body but uploads, which have a minimum-rate guard instead.
 */
function serverTimeouts(seconds: number) {
  const ms = seconds * 1000;
  return {
    requestTimeout: 0,
    keepAliveTimeout: ms,
    http: { headersTimeout: ms, connectionsCheckingInterval: Math.min(1000, ms / 4) },
  };
}

/** Routes whose bodies are video uploads: a rate floor, not a deadline, bounds them. */
const UPLOAD_ROUTES: ReadonlySet<string> = new Set([
  `${API_BASE}${API_ROUTES.uploads}`,
  `${API_BASE}${API_ROUTES.upload}`,
  `${API_BASE}${API_ROUTES.publishVideo}`,
]);

/**
 * The Fastify instance every request meets first, before any plugin or route: its limits and
 * timeouts, the contract's validation and serialisation, the error envelope, the request log,
 * the body deadline, and the refusal of text no route could store and of bodies a JSON route
 * does not take.
 */
export function createServer(config: AppConfig, logger: FastifyServerOptions['logger']) {
  const server = Fastify({
    logger: logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config.requestTimeoutSeconds),
    routerOptions: { maxParamLength: 200 },
    // While draining on SIGTERM, requests on connections already open are still answered by
    // their routes (readiness with its own 503), instead of Fastify's bare 503 for all.
    return503OnClosing: false,
    // 408, 431 and unparsable requests in the error envelope (HEAD: without a body).
    clientErrorHandler: answerClientError,
    // Paths the router cannot decode, or with a parameter too long, in the envelope too.
    frameworkErrors: answerFrameworkError,
    // One line per request, written by registerRequestLog, with ids unique across processes.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(server);
  registerRequestLog(server);
  registerBodyDeadline(server, config.requestTimeoutSeconds, (request) =>
    UPLOAD_ROUTES.has(request.routeOptions.url ?? ''),
  );
  registerAnsweredBodyLimit(server, config.requestTimeoutSeconds);
  registerTextRefusal(server);
  registerBodyTypes(server);
  return server;
}
