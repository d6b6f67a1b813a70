import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { SQLITE_FTS5_TABLES, TABLES } from '../src/db/schema.js';
import {
  columnClassOf,
  schemaDifferences,
  type TableShapes,
} from '../src/db/schema-differences.js';
import { freshDatabase } from './helpers/test-app.js';

/**
 * db/schema.ts declares every table and column (Kysely's types are derived from it); the
 * migrations are what the database really has. A freshly migrated database must have exactly
 * the declared tables and columns, with the declared nullability and storage class, so a
 * column a migration adds, drops or renames without the declaration following fails here,
 * named, rather than when a query first touches it.
 */

/** Tables the database has that are not the application's, and why each is left out. */
function notDeclared(dialect: DatabaseHandle['dialect']): Record<string, string> {
  const internal: Record<string, string> = {
    kysely_migration: 'Kysely’s record of the migrations run',
    kysely_migration_lock: 'Kysely’s lock while migrations run',
  };
  if (dialect !== 'sqlite') return internal;
  for (const fts of SQLITE_FTS5_TABLES) {
    // FTS5 keeps its index in these shadow tables, made and written by SQLite itself.
    for (const part of ['config', 'content', 'data', 'docsize', 'idx']) {
      internal[`${fts}_${part}`] = `SQLite’s storage of the ${fts} full-text index`;
    }
  }
  return internal;
}

let dir: string;
let handle: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-declared-'));
  ({ handle, drop } = await freshDatabase(dir));
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle.close();
  await drop();
  await fs.rm(dir, { recursive: true, force: true });
});

function declaredShapes(dialect: DatabaseHandle['dialect']): TableShapes {
  const shapes: TableShapes = {};
  for (const [table, columns] of Object.entries(TABLES)) {
    const fts5 = SQLITE_FTS5_TABLES.includes(table as keyof typeof TABLES);
    if (fts5 && dialect !== 'sqlite') continue;
    shapes[table] = Object.fromEntries(
      Object.entries(columns)
        .filter(([column]) => !(fts5 && column === 'rowid'))
        .map(([column, c]) => [column, { type: c.type, notNull: c.notNull }]),
    );
  }
  return shapes;
}

async function actualShapes(): Promise<TableShapes> {
  const shapes: TableShapes = {};
  const excluded = notDeclared(handle.dialect);
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{
      table_name: string;
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>`
      select m.name as table_name, c.name, c.type, c."notnull", c.pk
      from sqlite_master m join pragma_table_info(m.name) c
      where m.type = 'table' and m.name not like 'sqlite_%'`.execute(handle.db);
    for (const r of rows.filter((row) => !(row.table_name in excluded))) {
      const fts5 = SQLITE_FTS5_TABLES.includes(r.table_name as keyof typeof TABLES);
      (shapes[r.table_name] ??= {})[r.name] = fts5
        ? // FTS5 columns carry no type and no constraint: only their names are compared.
          { type: null, notNull: null }
        : {
            type: columnClassOf(r.type),
            // SQLite alone lets a key that is not an integer hold null (a documented quirk it
            // keeps for old files); PostgreSQL refuses it and every insert names the key.
            notNull: r.notnull === 1 || r.pk > 0,
          };
    }
  } else {
    const { rows } = await sql<{
      table_name: string;
      name: string;
      type: string;
      nullable: string;
    }>`
      select c.table_name, c.column_name as name, c.data_type as type, c.is_nullable as nullable
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`.execute(handle.db);
    for (const r of rows.filter((row) => !(row.table_name in excluded))) {
      (shapes[r.table_name] ??= {})[r.name] = {
        type: columnClassOf(r.type),
        notNull: r.nullable === 'NO',
      };
    }
  }
  return shapes;
}

describe('declared schema', () => {
  it('has every table and column the migrations make, with their nullability and class', async () => {
    const actual = await actualShapes();
    expect(Object.keys(actual).length).toBeGreaterThan(30);
    expect(
      schemaDifferences(declaredShapes(handle.dialect), actual),
      'db/schema.ts and the migrations disagree',
    ).toEqual([]);
  });

  it('leaves out only tables that exist, each with its reason', async () => {
    // An exclusion matching no table would hide a future table of that name.
    const excluded = Object.keys(notDeclared(handle.dialect));
    const { rows } =
      handle.dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
            handle.db,
          )
        : await sql<{ name: string }>`
            select table_name as name from information_schema.tables
            where table_schema = 'public'`.execute(handle.db);
    const names = rows.map((r) => r.name);
    expect(excluded.filter((table) => !names.includes(table))).toEqual([]);
  });
});
