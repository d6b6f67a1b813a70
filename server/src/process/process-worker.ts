import cluster from 'node:cluster';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { buildWorker, processingScratchRoot } from '../processing/build-worker.js';
import { sweepDeadWorkers } from '../processing/scratch.js';
import { openBlobStore } from '../storage/open-blob-store.js';
import { describeDatabase, waitForDatabase } from './wait-for-database.js';

/**
 * A processing worker process: claims jobs from the shared database until SIGINT or SIGTERM,
 * then gives back what it was doing. Under `npm start` the supervisor runs one beside the
 * server processes; `npm run worker` runs one alone (another machine sharing the database and
 * the media store), which migrates first like a server would.
 */
export async function runProcessingWorker(options: { migrate: boolean }): Promise<void> {
  // Under the supervisor, the server's merged /metrics waits for every process's answer: this
  // one answers from its first moment, so a scrape while it starts never waits in vain.
  const metricsAnswered = cluster.isWorker;
  if (metricsAnswered) new (await import('prom-client')).AggregatorRegistry();
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: config.databasePoolSize,
    timeoutMs: config.databaseTimeoutMs,
    onIdleError: (err) => console.warn(`database connection lost: ${err.message}`),
  });
  // Alone (`npm run worker`) this is a first start: the database gets a bounded wait, then one
  // line saying what failed. Under the supervisor the server started already, so the worker
  // waits for as long as it takes.
  await waitForDatabase({
    db: database.db,
    describe: describeDatabase(config),
    deadlineMs: options.migrate ? config.databaseStartupWaitSeconds * 1000 : undefined,
    log: (line) => console.warn(`processing: ${line}`),
  });
  if (options.migrate) await migrateToLatest(database.db);
  const onJobEnd = metricsAnswered
    ? (await import('../metrics/job-metrics.js')).jobDurationRecorder()
    : undefined;
  const worker = buildWorker({
    config,
    database,
    blobs: await openBlobStore(config),
    options: {
      log: (level, message) => console[level](`processing: ${message}`),
      onJobEnd,
    },
  });
  const swept = await sweepDeadWorkers(processingScratchRoot(config));
  if (swept.length > 0) console.info(`processing: removed the scratch of ${swept.join(', ')}`);
  worker.start();
  console.info(
    `processing worker ${worker.id} started (${config.processing.concurrency} at a time, ${database.dialect})`,
  );
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}
