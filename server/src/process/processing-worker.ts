import cluster from 'node:cluster';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { isJobsQueuedMessage } from '../processing/jobs-queued.js';
import { listenForJobs } from '../processing/job-notifications.js';
import { buildWorker, processingScratchRoot } from '../processing/build-worker.js';
import { jsonLogger } from '../processing/job-log.js';
import { createFfprobe } from '../media/ffprobe.js';
import { sweepDeadWorkers } from '../processing/scratch.js';
import { openBlobStore } from '../storage/open-blob-store.js';
import { ensureMediaTools, ensureWritableDataDir } from './startup-problems.js';
import { migrateForStart } from './upgrade.js';
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
  // (node:cluster's `isWorker`: this process is the supervisor's child, forked by child.ts.)
  const metricsAnswered = cluster.isWorker;
  if (metricsAnswered) new (await import('prom-client')).AggregatorRegistry();
  const config = loadConfig();
  // Its scratch lives there (and the SQLite database).
  await ensureWritableDataDir(config.dataDir);
  // Alone, this is a start: it encodes with ffmpeg and probes with ffprobe. Under the
  // supervisor, main.ts checked both before forking anything.
  if (options.migrate) await ensureMediaTools(config, { ffmpeg: true });
  // The worker's output is JSON lines, like the server's request logs.
  const log = jsonLogger();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: config.databasePoolSize,
    timeoutMs: config.databaseTimeoutMs,
    onIdleError: (err) => log('warn', `database connection lost: ${err.message}`),
  });
  // Alone (`npm run worker`) this is a first start: the database gets a bounded wait, then one
  // line saying what failed. Under the supervisor the server started already, so the worker
  // waits for as long as it takes.
  await waitForDatabase({
    db: database.db,
    describe: describeDatabase(config),
    deadlineMs: options.migrate ? config.databaseStartupWaitSeconds * 1000 : undefined,
    log: (line) => log('warn', `processing: ${line}`),
  });
  if (options.migrate) await migrateForStart(database, config, (message) => log('info', message));
  const onJobEnd = metricsAnswered
    ? (await import('../metrics/job-metrics.js')).jobDurationRecorder()
    : undefined;
  const worker = buildWorker({
    config,
    database,
    blobs: await openBlobStore(config),
    probe: createFfprobe(config.mediaTools.ffprobe.path),
    ffmpegPath: config.mediaTools.ffmpeg.path,
    options: {
      log,
      onJobEnd,
    },
  });
  const swept = await sweepDeadWorkers(processingScratchRoot(config));
  if (swept.length > 0) log('info', 'removed the scratch of dead workers', { workers: swept });
  worker.start();
  // Under the supervisor, a server process that queued jobs says so (processing/jobs-queued.ts);
  // on PostgreSQL every server, on any machine, notifies (processing/job-notifications.ts).
  process.on('message', (message) => {
    if (isJobsQueuedMessage(message)) worker.wake();
  });
  const listener =
    database.dialect === 'postgres' && config.databaseUrl
      ? listenForJobs({
          databaseUrl: config.databaseUrl,
          onJobs: () => worker.wake(),
          log: (level, message) => log(level, `processing: ${message}`),
        })
      : undefined;
  log('info', `processing worker ${worker.id} started`, {
    worker: worker.id,
    concurrency: config.processing.concurrency,
    fastLane: true,
    dialect: database.dialect,
  });
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await worker.stop();
    await listener?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}
