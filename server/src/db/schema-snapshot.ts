import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import type { Dialect } from './database.js';

/**
 * The database's schema after the migrations, as text a reviewer can read: every table,
 * index, view and trigger (and on PostgreSQL every function a trigger calls, and the
 * extensions the schema uses), in a stable order. Committed under server/sql/ and checked by
 * a test, so a migration that changes a table, an index or a trigger shows up in review as a
 * diff of the SQL it produces.
 */
export async function schemaSnapshot(db: QueryExecutorProvider, dialect: Dialect): Promise<string> {
  const parts = dialect === 'sqlite' ? await sqliteSchema(db) : await postgresSchema(db);
  return `${parts.map((p) => `${p.trim()};`).join('\n\n')}\n`;
}

/** Kysely's own bookkeeping, not the product's schema. */
const BOOKKEEPING = /^kysely_migration/;

async function sqliteSchema(db: QueryExecutorProvider): Promise<string[]> {
  const { rows } = await sql<{ type: string; name: string; sql: string }>`
    select type, name, sql from sqlite_master
    where sql is not null and name not like 'sqlite_%'
    order by case type when 'table' then 0 when 'index' then 1 when 'view' then 2 else 3 end,
      name`.execute(db);
  return (
    rows
      .filter((r) => !BOOKKEEPING.test(r.name))
      // Full-text search keeps its own shadow tables, declared by SQLite with quoted names.
      .filter((r) => !/^CREATE TABLE '/.test(r.sql))
      .map((r) => (r.type === 'table' ? oneColumnPerLine(r.sql) : r.sql))
  );
}

/** SQLite keeps a table's columns on one line (added ones appended): one per line reads better. */
export function oneColumnPerLine(ddl: string): string {
  const open = ddl.indexOf('(');
  if (open < 0 || !ddl.endsWith(')')) return ddl;
  const items: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = open + 1;
  for (let i = start; i < ddl.length - 1; i += 1) {
    const ch = ddl[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    else if (ch === ',' && depth === 0) {
      items.push(ddl.slice(start, i).trim());
      start = i + 1;
    }
  }
  items.push(ddl.slice(start, ddl.length - 1).trim());
  return `${ddl.slice(0, open).trimEnd()} (\n${items.map((item) => `  ${item}`).join(',\n')}\n)`;
}

/**
 * On PostgreSQL an extension's own objects (pg_trgm's 31 functions, say) are left out: they are
 * the extension's, change with its installed version, and are made by the one `create
 * extension` line kept in their place. pg_depend records them with deptype 'e'.
 */
async function postgresSchema(db: QueryExecutorProvider): Promise<string[]> {
  // plpgsql lives in pg_catalog on every server: it is PostgreSQL's, not this schema's.
  const extensions = await sql<{ name: string }>`
    select e.extname as name
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where n.nspname <> 'pg_catalog'
    order by e.extname`.execute(db);
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    not_null: boolean;
    column_default: string | null;
  }>`
    select c.relname as table_name, a.attname as column_name,
      format_type(a.atttypid, a.atttypmod) as data_type, a.attnotnull as not_null,
      pg_get_expr(d.adbin, d.adrelid) as column_default
    from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = current_schema() and c.relkind = 'r' and a.attnum > 0
      and not a.attisdropped and not ${extensionOwned(sql`'pg_class'::regclass`, sql`c.oid`)}
    order by c.relname, a.attnum`.execute(db);
  // Storage parameters: how full a page is left (migration 114) decides what updates in place.
  const storage = await sql<{ table_name: string; options: string }>`
    select c.relname as table_name, array_to_string(c.reloptions, ', ') as options
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and c.reloptions is not null
    order by c.relname`.execute(db);
  const constraints = await sql<{ table_name: string; name: string; def: string }>`
    select c.conrelid::regclass::text as table_name, c.conname as name,
      pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = current_schema() and c.contype in ('p', 'u', 'f', 'c')
    order by 1, 2`.execute(db);
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    select ic.relname as indexname, pg_get_indexdef(ic.oid) as indexdef
    from pg_index x join pg_class ic on ic.oid = x.indexrelid
      join pg_class tc on tc.oid = x.indrelid
      join pg_namespace n on n.oid = tc.relnamespace
    where n.nspname = current_schema()
      and not ${extensionOwned(sql`'pg_class'::regclass`, sql`tc.oid`)}
    order by ic.relname`.execute(db);
  const functions = await sql<{ name: string; def: string }>`
    select p.proname as name, pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema()
      and not ${extensionOwned(sql`'pg_proc'::regclass`, sql`p.oid`)}
    order by p.proname, pg_get_function_identity_arguments(p.oid)`.execute(db);
  const triggers = await sql<{ name: string; def: string }>`
    select t.tgname as name, pg_get_triggerdef(t.oid) as def
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and not t.tgisinternal
      and not ${extensionOwned(sql`'pg_class'::regclass`, sql`c.oid`)}
    order by c.relname, t.tgname`.execute(db);

  const tables = new Map<string, string[]>();
  for (const c of columns.rows) {
    if (BOOKKEEPING.test(c.table_name)) continue;
    const line =
      `  ${c.column_name} ${c.data_type}` +
      (c.not_null ? ' not null' : '') +
      (c.column_default !== null ? ` default ${c.column_default}` : '');
    tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), line]);
  }
  for (const c of constraints.rows) {
    const lines = tables.get(c.table_name);
    if (lines) lines.push(`  constraint ${c.name} ${c.def}`);
  }
  const options = new Map(storage.rows.map((r) => [r.table_name, r.options]));
  return [
    ...extensions.rows.map((e) => `create extension ${e.name}`),
    ...[...tables].map(
      ([name, lines]) =>
        `create table ${name} (\n${lines.join(',\n')}\n)` +
        (options.has(name) ? ` with (${options.get(name)})` : ''),
    ),
    ...indexes.rows.filter((i) => !BOOKKEEPING.test(i.indexname)).map((i) => i.indexdef),
    ...functions.rows.map((f) => f.def),
    ...triggers.rows.map((t) => t.def),
  ];
}

/** Whether the catalog row `objid` of catalog `classid` belongs to an extension. */
function extensionOwned(classid: RawBuilder<unknown>, objid: RawBuilder<unknown>) {
  return sql`exists (select 1 from pg_depend d
    where d.classid = ${classid} and d.objid = ${objid} and d.deptype = 'e')`;
}
