// `npm run sql`: writes, per dialect, the schema the migrations produce (server/sql/schema.*.sql)
// and the SQL of every repository method (server/sql/queries/<dialect>/). SQLite always (in
// memory); PostgreSQL when TEST_DATABASE_URL names a server where a database may be created
// and dropped (`npm run sql` starts a throwaway one).
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { schemaSnapshot } from '../src/db/schema-snapshot.js';
import { queriesDir, QueryRecorder, repositoryQuerySnapshots } from './query-snapshot.js';

export const snapshotFile = (dialect: 'sqlite' | 'postgres') =>
  path.join(import.meta.dirname, `schema.${dialect}.sql`);

async function write(handle: DatabaseHandle, recorder: QueryRecorder): Promise<void> {
  await migrateToLatest(handle.db);
  const file = snapshotFile(handle.dialect);
  await fs.writeFile(file, await schemaSnapshot(handle.db, handle.dialect));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
  const dir = queriesDir(handle.dialect);
  // Rewritten whole, so a removed repository's file goes too.
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });
  const queries = await repositoryQuerySnapshots(handle, recorder);
  for (const [name, text] of queries) await fs.writeFile(path.join(dir, name), text);
  console.log(`wrote ${queries.size} files in ${path.relative(process.cwd(), dir)}`);
}

const recorder = new QueryRecorder();
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  const handle = openDatabase({ sqlitePath: ':memory:', onQuery: recorder.onQuery });
  try {
    await write(handle, recorder);
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
  // One connection: statements are recorded in the order they were sent.
  const handle = openDatabase({
    databaseUrl: url.toString(),
    sqlitePath: '',
    poolSize: 1,
    onQuery: recorder.onQuery,
  });
  try {
    await write(handle, recorder);
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
