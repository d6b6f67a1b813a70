import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Insertable, Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../server/src/db/database.js';
import type { Database } from '../server/src/db/schema.js';

/** The bench's databases: where a seed goes, how rows get there in bulk, and cleaning up. */

const BENCH_DATABASE = 'vidshare_bench';

/** Inserts rows in multi-row statements inside one transaction per table. */
export async function bulkInsert<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  total: number,
  make: (i: number) => Insertable<Database[T]>,
): Promise<void> {
  if (total <= 0) return;
  // 500 rows of ≤ 12 columns stay below both drivers' bound-parameter limits.
  const batch = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < total; start += batch) {
      const rows: Insertable<Database[T]>[] = [];
      for (let i = start; i < Math.min(total, start + batch); i += 1) rows.push(make(i));
      // Kysely cannot relate a generic table name to its row type; make() is typed per table.
      await trx
        .insertInto(table)
        .values(rows as never)
        .execute();
    }
  });
}

/** A fresh, empty database: a new SQLite file, or a recreated `vidshare_bench` on PostgreSQL. */
export async function freshDatabase(
  dataDir: string,
  adminUrl: string | undefined,
): Promise<{ handle: DatabaseHandle; url: string | undefined }> {
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  if (!adminUrl) {
    const handle = openDatabase({ sqlitePath: path.join(dataDir, 'vidshare.sqlite') });
    return { handle, url: undefined };
  }
  await dropBenchDatabase(adminUrl);
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${BENCH_DATABASE}`));
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  const handle = openDatabase({ databaseUrl: url.toString(), sqlitePath: '' });
  return { handle, url: url.toString() };
}

/** Removes the PostgreSQL bench database once its pass is measured. */
export async function dropBenchDatabase(adminUrl: string): Promise<void> {
  await withAdmin(adminUrl, (admin) =>
    admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`),
  );
}

async function withAdmin(adminUrl: string, use: (admin: pg.Client) => Promise<unknown>) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await use(admin);
  } finally {
    await admin.end();
  }
}
