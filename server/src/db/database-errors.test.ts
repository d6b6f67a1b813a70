import { describe, expect, it } from 'vitest';
import { isDatabaseBusy, isDatabaseFull, isDatabaseUnavailable } from './database-errors.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a refused, reset or dropped connection and a server shutting down', () => {
    for (const err of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('write EPIPE', 'EPIPE'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('terminating connection due to crash of another server process', '57P02'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Client was closed and is not queryable'),
    ]) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
    }
  });

  it('leaves everything else to be a real error', () => {
    for (const err of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "x"', '42601'),
      new Error('Cannot read properties of undefined'),
      undefined,
      'a string',
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });
});

describe('isDatabaseBusy', () => {
  it('covers SQLite’s busy variants', () => {
    expect(isDatabaseBusy(withCode('database is locked', 'SQLITE_BUSY'))).toBe(true);
    expect(isDatabaseBusy(withCode('database is locked', 'SQLITE_BUSY_SNAPSHOT'))).toBe(true);
    expect(isDatabaseBusy(withCode('database is locked', 'SQLITE_LOCKED'))).toBe(false);
  });
});

describe('isDatabaseFull', () => {
  it('is SQLite’s full disk and PostgreSQL’s disk_full', () => {
    expect(isDatabaseFull(withCode('database or disk is full', 'SQLITE_FULL'))).toBe(true);
    expect(isDatabaseFull(withCode('could not extend file', '53100'))).toBe(true);
    expect(isDatabaseFull(withCode('database is locked', 'SQLITE_BUSY'))).toBe(false);
  });
});
