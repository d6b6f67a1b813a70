import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  isDatabaseBusy,
  isDatabaseFull,
  isDatabaseUnavailable,
  isForeignKeyViolation,
} from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { storageErrorOf } from '../../lib/storage-errors.js';
import { fail } from '../envelope.js';

const GENERIC: Record<number, string> = {
  400: 'The request is not valid.',
  404: 'Not found.',
  405: 'Method not allowed.',
  413: 'The request body is too large.',
  415: 'Unsupported content type.',
  429: 'Too many requests. Please try again later.',
};

const RETRY_AFTER_BUSY_SECONDS = 2;
/** A database coming back (a restart, a failover) takes some seconds. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

export const DATABASE_MESSAGES = {
  busy: 'The server is busy. Please try again in a moment.',
  unavailable: 'The database cannot be reached right now. Please try again in a moment.',
  full: 'The server is out of storage space, so this change was not saved. Please try again later.',
} as const;

/** Every failure leaves as the error envelope; server faults never show their internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = error instanceof AppError ? error : storageErrorOf(error);
    if (appError) {
      if (!(error instanceof AppError)) {
        if (appError.statusCode === 503) request.log.warn({ err: error }, 'storage unavailable');
        else request.log.error({ err: error }, 'storage is full');
      }
      return reply
        .status(appError.statusCode)
        .headers(appError.headers)
        .send({
          ...fail(appError.statusCode, appError.message, appError.errors),
          ...(error instanceof AppError ? error.extra : {}),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        field:
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String(v.params?.missingProperty ?? ''),
        message: v.message ?? 'Invalid value.',
      }));
      return reply.status(400).send(fail(400, errors[0]?.message ?? GENERIC[400]!, errors));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large…) carry safe messages.
      const message = error.code?.startsWith('FST_')
        ? error.message
        : (GENERIC[status] ?? error.message);
      return reply.status(status).send(fail(status, message));
    }
    if (isDatabaseBusy(error)) {
      // Every connection busy (or the write lock held) for the whole wait: the request was
      // fine and will succeed shortly, so the client is told when to come back, not that we
      // broke.
      request.log.warn({ err: error }, 'database busy');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_BUSY_SECONDS))
        .send(fail(503, DATABASE_MESSAGES.busy));
    }
    if (isDatabaseUnavailable(error)) {
      // The connection was refused or lost (a restart, a failover): the pool reconnects on
      // the next query, so this is the database's condition, not a fault of ours.
      request.log.warn({ err: error }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_UNAVAILABLE_SECONDS))
        .send(fail(503, DATABASE_MESSAGES.unavailable));
    }
    if (isDatabaseFull(error)) {
      request.log.error({ err: error }, 'database disk full');
      return reply.status(507).send(fail(507, DATABASE_MESSAGES.full));
    }
    if (isForeignKeyViolation(error)) {
      // What the write pointed at (its account, video or comment) was deleted while it was on
      // its way: the request lost a race, the server did not fail.
      request.log.info({ err: error }, 'write refers to a row deleted meanwhile');
      return reply
        .status(409)
        .send(fail(409, 'Something this needed was deleted meanwhile. Reload and try again.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(fail(500, 'Something went wrong on our side. Please try again.'));
  });
}
