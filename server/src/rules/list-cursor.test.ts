import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { decodeCursor, encodeCursor, pageOf } from './list-cursor.js';

const refused = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).errors).toEqual([
      { field: 'cursor', message: 'cursor is not valid.' },
    ]);
    return;
  }
  throw new Error('not refused');
};

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('list cursors', () => {
  it('come back as the position they were made from', () => {
    const at = { key: 1_767_225_600_000, id: '65a1b2c3d4e5f6a7b8c9d0e1', served: 60 };
    const cursor = encodeCursor('created_at:desc', at);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 'created_at:desc', 'number')).toEqual(at);
    const titled = { key: 'ünïcode title', id: 'abc', served: 3 };
    expect(decodeCursor(encodeCursor('title:asc', titled), 'title:asc', 'string')).toEqual(titled);
    const rowid = { key: '1855425871872000003', id: 'abc', served: 1000 };
    expect(decodeCursor(encodeCursor('search', rowid), 'search', 'digits')).toEqual(rowid);
  });

  it('are refused for another order or when they are not ours', () => {
    const cursor = encodeCursor('created_at:desc', { key: 5, id: 'a', served: 1 });
    refused(() => decodeCursor(cursor, 'created_at:asc', 'number'));
    refused(() => decodeCursor('not-base64-json', 'created_at:desc', 'number'));
    refused(() => decodeCursor(raw({ a: 1 }), 'created_at:desc', 'number'));
    refused(() =>
      decodeCursor(raw(['created_at:desc', 1e300, 'a', 0]), 'created_at:desc', 'number'),
    );
    refused(() => decodeCursor(raw(['created_at:desc', '5', 'a', 0]), 'created_at:desc', 'number'));
    refused(() =>
      decodeCursor(raw(['created_at:desc', 5, "a'; drop", 0]), 'created_at:desc', 'number'),
    );
    refused(() => decodeCursor(raw(['created_at:desc', 5, 'a', -1]), 'created_at:desc', 'number'));
    refused(() => decodeCursor(raw(['title:asc', 'a\u0000b', 'a', 0]), 'title:asc', 'string'));
    refused(() => decodeCursor(raw(['title:asc', 'x'.repeat(201), 'a', 0]), 'title:asc', 'string'));
    refused(() => decodeCursor(raw(['search', '12a', 'a', 0]), 'search', 'digits'));
    refused(() => decodeCursor(raw(['search', '1'.repeat(20), 'a', 0]), 'search', 'digits'));
    // An order no cursor follows refuses every cursor.
    refused(() => decodeCursor(cursor, null, 'number'));
  });
});

describe('pageOf', () => {
  const rows = [
    { id: 'a', sort_key: 30 },
    { id: 'b', sort_key: 20 },
    { id: 'c', sort_key: 10 },
  ];

  it('shows the limit and points after its last row when one more came back', () => {
    const page = pageOf(rows, 2, 'created_at:desc', 40);
    expect(page.rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(decodeCursor(page.nextCursor!, 'created_at:desc', 'number')).toEqual({
      key: 20,
      id: 'b',
      served: 42,
    });
  });

  it('has no next page when nothing more came back, or the order cannot be followed', () => {
    expect(pageOf(rows, 3, 'created_at:desc', 0).nextCursor).toBeNull();
    expect(pageOf(rows, 2, null, 0)).toEqual({ rows: rows.slice(0, 2), nextCursor: null });
    expect(pageOf([], 2, 'created_at:desc', 0)).toEqual({ rows: [], nextCursor: null });
  });
});
