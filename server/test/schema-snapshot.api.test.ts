import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { schemaSnapshot } from '../src/db/schema-snapshot.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { freshDatabase } from './helpers/test-app.js';

/**
 * server/sql/schema.{dialect}.sql is the schema the migrations produce, committed so that a
 * change to a table, an index or a trigger is reviewed as SQL. It must match what the
 * migrations produce now: after changing a migration, run `npm run sql` and commit the result.
 */
let dir: string;
let handle: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-sql-'));
  ({ handle, drop } = await freshDatabase(dir));
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle.close();
  await drop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('committed schema', () => {
  it('matches what the migrations produce on this dialect (npm run sql rewrites it)', async () => {
    const file = path.resolve(import.meta.dirname, `../sql/schema.${handle.dialect}.sql`);
    const committed = await fs.readFile(file, 'utf8');
    const current = await schemaSnapshot(handle.db, handle.dialect);
    expect(current, 'stale: run `npm run sql` and commit server/sql/').toBe(committed);
  });

  it('shows the triggers that keep the versions and counts', async () => {
    const current = await schemaSnapshot(handle.db, handle.dialect);
    expect(current.toLowerCase()).toContain('create trigger');
    expect(current).toContain('card_version');
  });
});
