import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { BlobStore } from '../../src/storage/blob-store.js';
import { LocalBlobStore } from '../../src/storage/local-blob-store.js';
import type { TempFiles } from '../../src/storage/temp-files.js';
import type { UploadStorage } from '../../src/uploads/upload-storage.js';
import type { Lifecycle } from '../../src/services/health.service.js';
import { createFfprobe } from '../../src/media/ffprobe.js';
import { buildWorker } from '../../src/processing/build-worker.js';
import type { ProcessingWorker, WorkerOptions } from '../../src/processing/worker.js';

export interface TestApp {
  server: FastifyInstance;
  app: App;
  database: DatabaseHandle;
  /** Another connection to the same database, as another server process would have. */
  reopen(): DatabaseHandle;
  /** Environment for another process (a server or worker) on this database and data directory. */
  processEnv: Record<string, string>;
  config: AppConfig;
  /** The clock the app was given (`clock.now`), when the test gave one. */
  now?: () => number;
  dataDir: string;
  mediaDir: string;
  blobs: BlobStore;
  /** A processing worker on this app's database and media (worker options may be changed). */
  worker(options?: Partial<WorkerOptions>, deps?: { ffmpegPath?: string }): ProcessingWorker;
  /** Runs every queued processing job to its end, in this process; answers how many ran. */
  processAll(): Promise<number>;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: a new SQLite file, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a new database created on it and dropped afterwards.
 */
export async function freshDatabase(
  dataDir: string,
  pool: {
    poolSize?: number;
    timeoutMs?: number;
    onQuery?: (sql: string, parameters: readonly unknown[]) => void;
  } = {},
): Promise<{
  handle: DatabaseHandle;
  reopen(): DatabaseHandle;
  drop(): Promise<void>;
  /** DATABASE_URL for other processes, unset on SQLite (whose file DATA_DIR names). */
  databaseUrl?: string;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // The file a server or worker started with DATA_DIR=dataDir opens.
    const sqlitePath = loadConfig({ DATA_DIR: dataDir }).sqlitePath;
    const handle = openDatabase({ sqlitePath, ...pool });
    return { handle, reopen: () => openDatabase({ sqlitePath }), drop: async () => {} };
  }
  const name = `vidshare_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), sqlitePath: '', ...pool });
  return {
    handle,
    databaseUrl: url.toString(),
    reopen: () => openDatabase({ databaseUrl: url.toString(), sqlitePath: '' }),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * `clock.now` replaces Date.now in the services, for tests that need events at known times;
 * `clock.lifecycle` is the process state readiness reads, for tests of shutting down;
 * `clock.logger` is the app's logger (none unless a test reads what is logged).
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  clock: {
    now?: () => number;
    lifecycle?: Lifecycle;
    logger?: FastifyServerOptions['logger'];
    betweenReads?: () => Promise<void> | void;
    /** Sees the SQL and parameters of every statement the app's database runs. */
    onQuery?: (sql: string, parameters: readonly unknown[]) => void;
    /** Told when the app queued processing jobs (a test's worker wakes on it). */
    jobsQueued?: () => void;
  } = {},
  /** Another BlobStore over the media directory, or TempFiles, for tests of storage failures. */
  stores: {
    blobs?: (mediaDir: string) => BlobStore;
    temp?: (tempDir: string) => TempFiles;
    uploadStorage?: (config: AppConfig, blobs: BlobStore) => Promise<UploadStorage>;
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-test-'));
  const { handle, reopen, drop, databaseUrl } = await freshDatabase(dataDir, {
    poolSize: overrides.databasePoolSize,
    timeoutMs: overrides.databaseTimeoutMs,
    onQuery: clock.onQuery,
  });
  await migrateToLatest(handle.db);
  // PATH: ffprobe is looked for there, as a server started from this environment would.
  const base = loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: '', PATH: process.env.PATH });
  const config: AppConfig = {
    ...base,
    rateLimits: {
      login: { max: 1000, windowSeconds: 60 },
      register: { max: 1000, windowSeconds: 3600 },
    },
    // Suites write many comments and reports from one account; the anti-spam suite sets its own.
    spamLimits: {
      comment: { max: 1000, windowSeconds: 60 },
      commentAddress: { max: 3000, windowSeconds: 60 },
      report: { max: 1000, windowSeconds: 3600 },
      reportAddress: { max: 3000, windowSeconds: 3600 },
    },
    ...overrides,
  };
  const mediaDir = path.join(dataDir, 'media');
  const blobs = stores.blobs ? stores.blobs(mediaDir) : new LocalBlobStore(mediaDir);
  const app = await buildApp({
    config,
    database: handle,
    blobs,
    temp: stores.temp?.(path.join(dataDir, 'tmp')),
    uploadStorage: await stores.uploadStorage?.(config, blobs),
    now: clock.now,
    lifecycle: clock.lifecycle,
    logger: clock.logger,
    betweenReads: clock.betweenReads,
    jobsQueued: clock.jobsQueued,
  });
  const worker = (options: Partial<WorkerOptions> = {}, deps: { ffmpegPath?: string } = {}) =>
    buildWorker({
      config,
      database: handle,
      blobs,
      probe: createFfprobe(config.mediaTools.ffprobe.path),
      ffmpegPath: config.mediaTools.ffmpeg.path,
      ...deps,
      options: { now: clock.now, ...options },
    });
  await app.server.ready();
  return {
    server: app.server,
    app,
    database: handle,
    reopen,
    processEnv: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    config,
    now: clock.now,
    dataDir,
    mediaDir,
    blobs,
    worker,
    processAll: () => worker().drain(),
    close: async () => {
      await app.server.close();
      await handle.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file under a directory, relative: proves what an upload left behind. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string): Promise<void> {
    for (const entry of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) await walk(p);
      else out.push(path.relative(dir, p));
    }
  }
  await walk(dir);
  return out.sort();
}
