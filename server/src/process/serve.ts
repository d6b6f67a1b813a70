import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { tellSupervisor } from '../processing/jobs-queued.js';
import {
  isDatabaseBusy,
  isDatabaseUnavailable,
  openDatabase,
  type DatabaseHandle,
} from '../db/database.js';
import { describeStorage, openBlobStore } from '../storage/open-blob-store.js';
import { TempFiles } from '../storage/temp-files.js';
import type { Lifecycle } from '../services/health.service.js';
import type { FastifyInstance } from 'fastify';
import { containRequestFaults } from '../http/request-faults.js';
import { SecretKeyMismatch } from '../lib/secret-box.js';
import { SECRET_KEY_FILE } from '../lib/secret-key.js';
import { ensureWritableDataDir, StartupError } from './startup-problems.js';
import { migrateForStart } from './upgrade.js';
import { describeDatabase, waitForDatabase } from './wait-for-database.js';

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
  /**
   * Adds routes after the app's own, before listening. Only tests use it: a route that fails
   * the way no real one may, to prove the process survives it.
   */
  extend?: (server: FastifyInstance) => void;
}

/**
 * Opens the database, builds the app and listens; stops cleanly on SIGINT and SIGTERM.
 *
 * At the server's first start the database must answer before anything listens: a leader
 * waits for it (capped backoff, logging why, up to DATABASE_STARTUP_WAIT_SECONDS) and
 * migrates it, or exits with one line saying what failed. A process started again after that
 * (by the supervisor, or a follower) listens at once: its requests and readiness answer 503
 * until the database is back, which it waits for in the background for as long as it takes.
 */
export async function serve(options: ServeOptions): Promise<void> {
  const config = loadConfig();
  await ensureWritableDataDir(config.dataDir);
  const temp = new TempFiles(path.join(config.dataDir, 'tmp'));
  const database = openDatabaseOrExplain(config);
  const described = describeDatabase(config);
  // Said once the app's JSON logger exists.
  const startNotes: string[] = [];
  if (options.firstStart) {
    await waitForDatabase({
      db: database.db,
      describe: described,
      deadlineMs: config.databaseStartupWaitSeconds * 1000,
      log: (line) => console.warn(line),
    });
    if (options.leader) {
      await migrateForStart(database, config, (message) => startNotes.push(message));
    }
  }
  if (options.leader) {
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
    // Under the supervisor, which passes the word to its processing worker.
    jobsQueued: tellSupervisor(),
    // Under the supervisor (several server processes, or one beside the processing worker),
    // /metrics answers for all of them. node:cluster's `isWorker` means forked by it: a child.
    clusterMetrics:
      config.metricsToken && cluster.isWorker
        ? (await import('../metrics/cluster-metrics.js')).clusterMetricsClient()
        : undefined,
  });

  if (options.leader && options.firstStart) {
    try {
      await services.totp.prepareSecrets();
    } catch (err) {
      if (!(err instanceof SecretKeyMismatch)) throw err;
      await server.close();
      await database.close();
      throw new StartupError(
        `${err.message} Set SECRET_KEY to the key the database's secrets were sealed with, or put that ${SECRET_KEY_FILE} back in ${config.dataDir}.`,
      );
    }
  }
  for (const note of startNotes) server.log.info(note);

  let housekeeping: NodeJS.Timeout | undefined;
  // Expired rows, planner statistics and the search index: once at start, then hourly.
  const housekeep = () =>
    Promise.all([
      services.auth.prune(),
      services.videos.prune(),
      services.progress.prune(),
      services.search.prune(),
      services.trending.prune(),
      services.google.prune(),
      services.library.notifications.prune(),
      services.verification.prune(),
      services.mailer.prune(),
      services.account.prune(),
      database.optimize(),
      // Uploads in flight are younger than any request may last; older files are leftovers.
      temp.sweep(TEMP_MAX_AGE_MS),
      // Resumable uploads past UPLOAD_EXPIRY_HOURS, on disk or in the bucket.
      services.uploads.sweep(),
    ]).catch((err) => server.log.warn({ err }, 'housekeeping failed'));
  // Files and objects no row refers to, and videos whose files are gone (storage/orphan-sweep.ts):
  // in the background, since a large bucket takes a while to list.
  const sweep = () =>
    services.orphans.run().catch((err) => server.log.warn({ err }, 'orphan sweep failed'));
  const scheduleHousekeeping = () => {
    housekeeping = setInterval(
      () => {
        void housekeep();
        void sweep();
      },
      60 * 60 * 1000,
    );
    housekeeping.unref();
  };
  if (options.leader && options.firstStart) {
    await housekeep();
    scheduleHousekeeping();
  } else {
    void whenDatabaseServes(database, described, lifecycle, async () => {
      // A leader started again migrates too: a deploy may have brought new migrations.
      if (!options.leader) return;
      await migrateForStart(database, config, (message) => server.log.info(message));
      await housekeep();
      if (lifecycle.shuttingDown) return;
      scheduleHousekeeping();
      void sweep();
    }).catch((err) => server.log.error({ err }, 'database upkeep after a restart failed'));
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

  options.extend?.(server);
  containRequestFaults(server.server, {
    onContained: (err, request) =>
      server.log.error(
        { err, method: request?.method, url: request?.url },
        'a request failed outside its handler: answered 500, the process goes on serving',
      ),
    onUnattributed: (err) => {
      server.log.fatal({ err }, 'uncaught error outside any request: ending this process');
      // The supervisor starts a fresh one; the log line is written synchronously first.
      process.exit(1);
    },
  });
  await server.listen({ port: config.port, host: config.host });
  if (options.leader && options.firstStart) void sweep();
  if (options.leader) {
    const processes = options.processes > 1 ? `, ${options.processes} server processes` : '';
    server.log.info(
      `Vidshare is serving on http://localhost:${config.port} (${database.dialect}, data in ${config.dataDir}, ${describeStorage(config)}${processes})`,
    );
  }
  if (options.leader && config.databaseUrl && !config.secretKey) {
    // Several machines may serve this database: each must seal and open with the same key.
    server.log.warn(
      `SECRET_KEY is not set: two-factor secrets are sealed with ${path.join(config.dataDir, SECRET_KEY_FILE)}. ` +
        'Every machine serving this database must have the same key: set SECRET_KEY on each.',
    );
  }
  if (options.leader && !config.mail) {
    // Said once per start, by one process, once it serves: what people will miss until mail is
    // set up.
    server.log.warn(
      'SMTP_URL is not set: no email is sent. Addresses cannot be confirmed and "Forgot password?" ' +
        'cannot send reset links (the web app says so); an administrator can still reset a ' +
        'password from the command line. Set SMTP_URL and MAIL_FROM to turn mail on.',
    );
  }
}

/** The database handle; a SQLite file that cannot be opened is one line for the operator. */
function openDatabaseOrExplain(config: AppConfig) {
  try {
    return openDatabase({
      databaseUrl: config.databaseUrl,
      sqlitePath: config.sqlitePath,
      poolSize: config.databasePoolSize,
      timeoutMs: config.databaseTimeoutMs,
      onIdleError: (err) => console.warn(`database connection lost: ${err.message}`),
    });
  } catch (err) {
    throw new StartupError(
      `Cannot open the database (${describeDatabase(config)}): ${(err as Error).message}`,
    );
  }
}

/**
 * Waits for the database for as long as it takes (logging why), then runs `work`; again from
 * the wait when the database goes away during it. Stops when the process is stopping.
 */
async function whenDatabaseServes(
  database: DatabaseHandle,
  described: string,
  lifecycle: Lifecycle,
  work: () => Promise<void>,
): Promise<void> {
  while (!lifecycle.shuttingDown) {
    await waitForDatabase({
      db: database.db,
      describe: described,
      deadlineMs: undefined,
      log: (line) => console.warn(line),
    });
    try {
      await work();
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) && !isDatabaseBusy(err)) throw err;
    }
  }
}
