import { isUnreachableSocketCode } from '../lib/socket-errors.js';

/**
 * What a failed query says about the database rather than about the request, per driver.
 * Each answers yes or no; the error handler turns a yes into 503 (or 507) instead of 500.
 */

const codeOf = (err: unknown): unknown =>
  err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;
const messageOf = (err: unknown): string =>
  err && typeof err === 'object' && typeof (err as { message?: unknown }).message === 'string'
    ? (err as { message: string }).message
    : '';

/**
 * The database could not take this query now, though nothing is wrong with it: no pooled
 * connection came free in time, PostgreSQL refused a new connection (max_connections reached,
 * or starting up), or SQLite's write lock stayed taken. Answered 503 with Retry-After.
 */
export function isDatabaseBusy(err: unknown): boolean {
  const code = codeOf(err);
  return (
    code === '53300' || // too_many_connections
    code === '57P03' || // cannot_connect_now
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) ||
    /^timeout exceeded when trying to connect|connection timeout$/i.test(messageOf(err))
  );
}

/**
 * The database is out of reach: its server refused or dropped the connection (a restart, a
 * failover, an administrator ending sessions, the network), or a pooled connection that broke
 * was used. The pool opens new connections on demand, so the next request may well succeed:
 * answered 503 with Retry-After, never 500, and never the end of the process.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = codeOf(err);
  if (typeof code === 'string') {
    // PostgreSQL: class 08 (connection exception), and 57P01–57P03 (admin or crash shutdown,
    // cannot connect now).
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code)) return true;
    if (isUnreachableSocketCode(code)) return true;
  }
  return /^Connection terminated|is not queryable|^Client was closed/i.test(messageOf(err));
}

/** The database's disk is full (SQLite's file cannot grow, PostgreSQL's disk_full): 507. */
export function isDatabaseFull(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'SQLITE_FULL' || code === '53100';
}
