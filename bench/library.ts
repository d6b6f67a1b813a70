import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { publishTimes, quantiles, queryTimes, rowFanOutTimes } from './library-measures.js';
import { section, withSection, type LibraryPass } from './library-report.js';
import { seedLibrary } from './library-seed.js';
import { freePort, load, settle, startProcess, type LoadResult } from './load.js';
import { dropBenchDatabase, freshDatabase } from './seed-database.js';

/**
 * `npm run bench:library`: notifications at scale. Seeds 100,000 users who each subscribe to
 * 10 of 1,000 channels (1,000,000 subscriptions; 20,000 videos published in the last 30 days)
 * and have 10 notification rows each (1,000,000 replies to their comments), plus one channel
 * with 10,000 subscribers (library-seed.ts). Measures what a new video of that channel costs the statement that
 * publishes it (the fan-out), what writing a row per subscriber would have cost instead, and
 * GET /notifications and the bell's unread count under load. Writes the "Library:
 * notifications" section of docs/performance.md and leaves the rest of it as it is.
 *
 * BENCH_SECONDS (default 10) is each load; BENCH_SKIP_BUILD=1 reuses server/dist;
 * DATABASE_URL adds a PostgreSQL pass.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const log = (line: string) => console.log(line);

async function pass(dialect: 'sqlite' | 'postgres'): Promise<LibraryPass> {
  const dataDir = path.join(ROOT, '.tmp', 'bench-data', `library-${dialect}`);
  log(`\n== ${dialect}: seeding into ${dataDir}`);
  const started = performance.now();
  const { handle, url } = await freshDatabase(
    dataDir,
    dialect === 'postgres' ? process.env.DATABASE_URL : undefined,
  );
  let seeded: Awaited<ReturnType<typeof seedLibrary>>;
  let publishMs: LibraryPass['publishMs'];
  let rowFanOutMs: LibraryPass['rowFanOutMs'];
  let queryMs: LibraryPass['queryMs'];
  try {
    await migrateToLatest(handle.db);
    seeded = await seedLibrary(handle.db);
    if (dialect === 'postgres') await sql`analyze`.execute(handle.db);
    else await sql`pragma optimize`.execute(handle.db);
    publishMs = quantiles(await publishTimes(handle.db, seeded.pending));
    queryMs = await queryTimes(handle.db, seeded.users);
    rowFanOutMs = quantiles(await rowFanOutTimes(handle.db, seeded.bigChannel));
  } finally {
    await handle.close();
  }
  const seedSeconds = (performance.now() - started) / 1000;
  log(`  seeded in ${seedSeconds.toFixed(1)} s; publish ${publishMs.median.toFixed(2)} ms`);

  const port = await freePort();
  const server = await startProcess(
    process.execPath,
    [path.join(ROOT, 'server', 'dist', 'main.js')],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      EMBEDDED_WORKER: 'false',
      WEB_DIST_DIR: path.join(ROOT, 'web', 'dist'),
      ...(url ? { DATABASE_URL: url } : {}),
    },
    port,
    '/api/v1/users/check-session',
  );
  const loads: LoadResult[] = [];
  try {
    await settle(server.url);
    const targets = [
      {
        name: 'GET /notifications (10 channels, 10 rows)',
        token: seeded.tokens.typical,
        path: '/api/v1/notifications',
      },
      {
        name: 'GET /notifications (subscriber of the 10,000)',
        token: seeded.tokens.bigFan,
        path: '/api/v1/notifications',
      },
      {
        name: 'GET /notifications/unread-count',
        token: seeded.tokens.typical,
        path: '/api/v1/notifications/unread-count',
      },
    ];
    for (const target of targets) {
      const headers = { cookie: `sid=${target.token}` };
      await settle(server.url);
      await load({
        name: target.name,
        url: server.url,
        path: target.path,
        connections: CONNECTIONS,
        seconds: 3,
        headers,
      });
      const result = await load({
        name: target.name,
        url: server.url,
        path: target.path,
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers,
        serverPid: server.pid,
      });
      log(
        `  ${target.name}: ${result.requestsPerSec.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
      );
      loads.push(result);
      // One request at a time: what a request costs, without the queue of the loaded run.
      await settle(server.url);
      const alone = await load({
        name: `${target.name}, 1 connection`,
        url: server.url,
        path: target.path,
        connections: 1,
        seconds: Math.min(5, SECONDS),
        headers,
        serverPid: server.pid,
      });
      log(
        `  ${alone.name}: ${alone.requestsPerSec.toFixed(0)} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms`,
      );
      loads.push(alone);
    }
  } finally {
    await server.stop();
    if (dialect === 'postgres' && process.env.DATABASE_URL)
      await dropBenchDatabase(process.env.DATABASE_URL);
  }
  return { dialect, seedSeconds, rows: seeded.rows, publishMs, rowFanOutMs, queryMs, loads };
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const passes = [await pass('sqlite')];
  if (process.env.DATABASE_URL) passes.push(await pass('postgres'));
  const out = path.join(ROOT, 'docs', 'performance.md');
  const doc = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '# Performance\n';
  fs.writeFileSync(
    out,
    withSection(doc, section(passes, { connections: CONNECTIONS, seconds: SECONDS })),
  );
  spawnSync('npx', ['prettier', '--write', out], { cwd: ROOT, stdio: 'ignore' });
  log(`\nwrote ${path.relative(ROOT, out)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
