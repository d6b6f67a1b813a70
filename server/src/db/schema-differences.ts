import type { ColumnClass } from './table-columns.js';

/** A column as a database reports it (or as declared): its storage class and nullability. */
export interface ColumnShape {
  /** Null where the database keeps no type (an FTS5 column): only its name is compared. */
  type: ColumnClass | null;
  notNull: boolean | null;
}

export type TableShapes = Record<string, Record<string, ColumnShape>>;

/**
 * Every way the tables a database has differ from the declared ones, one line each naming the
 * table and column, in a stable order; empty when they agree. A `null` type or nullability on
 * either side is not compared.
 */
export function schemaDifferences(declared: TableShapes, actual: TableShapes): string[] {
  const out: string[] = [];
  const tables = [...new Set([...Object.keys(declared), ...Object.keys(actual)])].sort();
  for (const table of tables) {
    const want = declared[table];
    const have = actual[table];
    if (!have) {
      out.push(`${table}: declared in db/schema.ts, but the migrations make no such table`);
      continue;
    }
    if (!want) {
      out.push(`${table}: the migrations make this table, but db/schema.ts does not declare it`);
      continue;
    }
    const columns = [...new Set([...Object.keys(want), ...Object.keys(have)])].sort();
    for (const column of columns) {
      const w = want[column];
      const h = have[column];
      const name = `${table}.${column}`;
      if (!h) out.push(`${name}: declared in db/schema.ts, but the table has no such column`);
      else if (!w) out.push(`${name}: the migrations make this column, but db/schema.ts omits it`);
      else {
        if (w.notNull !== null && h.notNull !== null && w.notNull !== h.notNull) {
          out.push(
            `${name}: declared ${nullability(w.notNull)}, but the database has it ${nullability(h.notNull)}`,
          );
        }
        if (w.type !== null && h.type !== null && w.type !== h.type) {
          out.push(`${name}: declared ${w.type}, but the database stores ${h.type}`);
        }
      }
    }
  }
  return out;
}

const nullability = (notNull: boolean) => (notNull ? 'not null' : 'nullable');

/**
 * The storage class of a declared SQL type, by SQLite's affinity rules (which also fit
 * PostgreSQL's names: character varying, bigint, double precision); null for an untyped column.
 */
export function columnClassOf(sqlType: string): ColumnClass | null {
  const t = sqlType.toLowerCase();
  if (t === '') return null;
  if (t.includes('int')) return 'integer';
  if (/char|clob|text/.test(t)) return 'text';
  if (/real|floa|doub/.test(t)) return 'real';
  throw new Error(`No column class for SQL type ${sqlType}: declare one in db/table-columns.ts`);
}
