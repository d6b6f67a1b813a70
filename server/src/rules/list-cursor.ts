import { CURSOR_INVALID } from '@contract';
import { badRequest } from '../lib/errors.js';

/**
 * A position in an ordered list: the sort value and id of the last row shown (a page after it
 * starts right after that row, whatever was added before it meanwhile), and how many rows the
 * list has served so far (search pages no deeper than its cap).
 */
export interface ListPosition {
  key: number | string;
  id: string;
  served: number;
}

/** number: a safe integer; string: text; digits: a whole number in decimal (SQLite's rowids). */
export type KeyType = 'number' | 'string' | 'digits';

const ID = /^[\w-]{1,64}$/;
// Control characters (NUL above all) are refused before they could reach either database.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/u;
const MAX_KEY_LENGTH = 200;

/**
 * The cursor a client sends back for the next page: opaque to it, tied to the list and order it
 * was made for (`created_at:desc` for the feed, `comments:created_at:desc`, `search`…), so one
 * list's cursor used on another is refused.
 */
export function encodeCursor(order: string, position: ListPosition): string {
  return Buffer.from(
    JSON.stringify([order, position.key, position.id, position.served]),
    'utf8',
  ).toString('base64url');
}

/**
 * The position a cursor names, or a 400 naming `cursor` when it is not one of ours for `order`
 * (null: an order no cursor follows, such as views).
 */
export function decodeCursor(cursor: string, order: string | null, keyType: KeyType): ListPosition {
  const refuse = () => badRequest(CURSOR_INVALID, [{ field: 'cursor', message: CURSOR_INVALID }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw refuse();
  const [tag, key, id, served] = parsed as unknown[];
  if (order === null || tag !== order || typeof id !== 'string' || !ID.test(id)) throw refuse();
  if (typeof served !== 'number' || !Number.isSafeInteger(served) || served < 0) throw refuse();
  if (keyType === 'number') {
    // Sort values are epoch milliseconds, counts or seconds: a safe integer fits every column.
    if (typeof key !== 'number' || !Number.isSafeInteger(key)) throw refuse();
  } else if (keyType === 'digits') {
    if (typeof key !== 'string' || !/^\d{1,19}$/.test(key)) throw refuse();
  } else if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || CONTROL.test(key)) {
    throw refuse();
  }
  return { key, id, served };
}

/** A list's rows as read for keyset paging: each with the value it is ordered by. */
export interface KeyedRow {
  id: string;
  sort_key: number | string;
}

/**
 * One page of a list read with one row more than it shows: the extra row says whether a next
 * page exists, and the last row shown is where it starts.
 */
export function pageOf<R extends KeyedRow>(
  rows: readonly R[],
  limit: number,
  order: string | null,
  servedBefore: number,
): { rows: R[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  if (order === null || rows.length <= limit || !last) return { rows: shown, nextCursor: null };
  return {
    rows: shown,
    nextCursor: encodeCursor(order, {
      key: last.sort_key,
      id: last.id,
      served: servedBefore + shown.length,
    }),
  };
}
