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
