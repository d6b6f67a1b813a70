import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { describeStorage, openBlobStore } from '../storage/open-blob-store.js';
import { TempFiles } from '../storage/temp-files.js';
import type { Lifecycle } from '../services/health.service.js';
import { ensureWritableDataDir } from './startup-problems.js';
import { migrateForStart } from './upgrade.js';

/** Temp files older than this belong to no request (uploads are bounded far below it). */
const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

export interface ServeOptions {
  /**
   * The process that owns start-up and upkeep: it migrates the database and sweeps stale
   * uploads before listening, then prunes, re-plans and merges hourly. With several server
   * processes exactly one has this role, so they never race on migrations.
   */
  leader: boolean;
  /** How many server processes share the port, for the start-up line. */
  processes: number;
  /**
   * The server as a whole is starting (not a leader forked again after a crash): no upload can
   * be in flight, so every temp file is a leftover and goes.
   */
  firstStart: boolean;
}

/** Opens the database, builds the app and listens; stops cleanly on SIGINT and SIGTERM. */
export async function serve(options: ServeOptions): Promise<void> {
  const config = loadConfig();
  await ensureWritableDataDir(config.dataDir);
  const temp = new TempFiles(path.join(config.dataDir, 'tmp'));
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: config.databasePoolSize,
    timeoutMs: config.databaseTimeoutMs,
    onIdleError: (err) => console.warn(`database connection lost: ${err.message}`),
  });
  // Said once the app's JSON logger exists.
  const startNotes: string[] = [];
  if (options.leader) {
    await migrateForStart(database, config, (message) => startNotes.push(message));
    await temp.init();
    await temp.sweep(options.firstStart ? 0 : TEMP_MAX_AGE_MS);
  }

  const blobs = await openBlobStore(config);
  const lifecycle: Lifecycle = { shuttingDown: false };
  const { server, services } = await buildApp({
    config,
    database,
    blobs,
    temp,
    logger: { level: config.logLevel },
    lifecycle,
    // Under the supervisor (several server processes, or one beside the processing worker),
    // /metrics answers for all of them.
    clusterMetrics:
      config.metricsToken && cluster.isWorker
        ? (await import('../metrics/cluster-metrics.js')).clusterMetricsClient()
        : undefined,
  });

  for (const note of startNotes) server.log.info(note);
  if (options.leader && !config.mail) {
    // Said once per start, by one process: what people will miss until mail is set up.
    server.log.warn(
      'SMTP_URL is not set: no email is sent. Addresses cannot be confirmed and "Forgot password?" ' +
        'cannot send reset links (the web app says so); an administrator can still reset a ' +
        'password from the command line. Set SMTP_URL and MAIL_FROM to turn mail on.',
    );
  }

  let housekeeping: NodeJS.Timeout | undefined;
  if (options.leader) {
    // Expired rows, planner statistics and the search index: once at start, then hourly.
    const housekeep = () =>
      Promise.all([
        services.auth.prune(),
        services.videos.prune(),
        services.trending.prune(),
        services.google.prune(),
        services.verification.prune(),
        services.mailer.prune(),
        services.account.prune(),
        database.optimize(),
        // Uploads in flight are younger than any request may last; older files are leftovers.
        temp.sweep(TEMP_MAX_AGE_MS),
        // Resumable uploads past UPLOAD_EXPIRY_HOURS, on disk or in the bucket.
        services.uploads.sweep(),
      ]).catch((err) => server.log.warn({ err }, 'housekeeping failed'));
    await housekeep();
    housekeeping = setInterval(() => void housekeep(), 60 * 60 * 1000);
    housekeeping.unref();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness answers 503 from now on; the listener closes, requests in flight finish.
    lifecycle.shuttingDown = true;
    const deadlineMs = config.shutdownTimeoutMs;
    server.log.info(`${signal} received: draining requests in flight (up to ${deadlineMs} ms)`);
    clearInterval(housekeeping);
    const deadline = setTimeout(() => {
      server.log.warn(`requests still in flight after ${deadlineMs} ms: closing their connections`);
      server.server.closeAllConnections();
      // A handler stuck on something other than its connection must not keep the process.
      setTimeout(() => process.exit(0), 1000).unref();
    }, deadlineMs);
    deadline.unref();
    await server.close();
    clearTimeout(deadline);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await server.listen({ port: config.port, host: config.host });
  if (options.leader) {
    const processes = options.processes > 1 ? `, ${options.processes} server processes` : '';
    server.log.info(
      `Vidshare is serving on http://localhost:${config.port} (${database.dialect}, data in ${config.dataDir}, ${describeStorage(config)}${processes})`,
    );
  }
}
