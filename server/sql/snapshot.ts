// `npm run sql`: writes the schema the migrations produce, per dialect, to server/sql/.
// SQLite always (in memory); PostgreSQL when TEST_DATABASE_URL names a server where a
// database may be created and dropped (`npm run sql` starts a throwaway one).
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { schemaSnapshot } from '../src/db/schema-snapshot.js';

export const snapshotFile = (dialect: 'sqlite' | 'postgres') =>
  path.join(import.meta.dirname, `schema.${dialect}.sql`);

async function write(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  const file = snapshotFile(handle.dialect);
  await fs.writeFile(file, await schemaSnapshot(handle.db, handle.dialect));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  const handle = openDatabase({ sqlitePath: ':memory:' });
  try {
    await write(handle);
  } finally {
    await handle.close();
  }
} else {
  const name = `vidshare_sql_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), sqlitePath: '' });
  try {
    await write(handle);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
