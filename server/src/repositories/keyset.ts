import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Where a page starts in its list's order: right after the row with this sort value and id. */
export interface After {
  key: number | string;
  id: string;
}

/**
 * The rows that come after `after` in the order (sortKey, id) `direction`: one row-value
 * comparison, which SQLite and PostgreSQL both answer as a range of an index ending in
 * (…, sort column, id), so a deep page costs what the first one does.
 */
export function afterRow(
  sortKey: RawBuilder<unknown>,
  id: string,
  direction: 'asc' | 'desc',
  after: { key: unknown; id: unknown },
): RawBuilder<SqlBool> {
  const op = sql.raw(direction === 'desc' ? '<' : '>');
  return sql<SqlBool>`(${sortKey}, ${sql.ref(id)}) ${op} (${after.key}, ${after.id})`;
}

/**
 * How a page is found: the first page, a later one by position, or the rows after one already
 * shown. Prepared list queries have one shape each. The first page's has no OFFSET at all:
 * PostgreSQL prices an OFFSET parameter it cannot see as a tenth of the rows, so a statement
 * with one is planned anew on every run instead of reusing its generic plan, and for a list
 * page planning costs about what running does.
 */
export type Paging = 'first' | 'offset' | 'after';

export const pagingOf = (offset: number, after: After | undefined): Paging =>
  after ? 'after' : offset === 0 ? 'first' : 'offset';
