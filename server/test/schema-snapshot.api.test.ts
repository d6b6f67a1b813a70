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

  it('leaves out what extensions own, keeping the fact that the schema uses them', async () => {
    const current = await schemaSnapshot(handle.db, handle.dialect);
    // pg_trgm's own functions (similarity, gtrgm_*) changed with its installed version.
    expect(current).not.toContain('$libdir/');
    expect(current).not.toMatch(/function public\.(similarity|gtrgm_\w+|gin_trgm_\w+)\(/i);
    if (handle.dialect === 'postgres') {
      expect(current.startsWith('create extension pg_trgm;\n')).toBe(true);
      // Its operator class is still named where an index uses it.
      expect(current).toContain('gin_trgm_ops');
    } else {
      expect(current).not.toContain('create extension');
    }
  });
});
