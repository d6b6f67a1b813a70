import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { LocalBlobStore } from './storage/local-blob-store.js';
import { TempFiles } from './storage/temp-files.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    onIdleError: (err) => console.warn(`database connection lost: ${err.message}`),
  });
  await migrateToLatest(database.db);
  await new TempFiles(path.join(config.dataDir, 'tmp')).sweep(60 * 60 * 1000);

  const blobs = new LocalBlobStore(path.join(config.dataDir, 'media'));
  const { server, services } = await buildApp({
    config,
    database,
    blobs,
    logger: { level: config.logLevel },
  });

  // Expired rows, planner statistics and the search index: once at start, then hourly.
  const housekeep = () =>
    Promise.all([
      services.auth.prune(),
      services.videos.prune(),
      services.google.prune(),
      database.optimize(),
    ]).catch((err) => server.log.warn({ err }, 'housekeeping failed'));
  await housekeep();
  const housekeeping = setInterval(() => void housekeep(), 60 * 60 * 1000);
  housekeeping.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info(`${signal} received, shutting down`);
    clearInterval(housekeeping);
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await server.listen({ port: config.port, host: config.host });
  server.log.info(
    `Vidshare is serving on http://localhost:${config.port} (${database.dialect}, data in ${config.dataDir})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
