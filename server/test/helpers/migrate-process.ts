// A process that migrates the database its environment names (DATA_DIR or DATABASE_URL), as a
// server starting beside others would; exits 0 when migrated, 1 with the reason otherwise.
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

const config = loadConfig(process.env);
const handle = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
try {
  await migrateToLatest(handle.db);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
