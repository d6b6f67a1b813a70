import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HOME_ROUTE } from './bundle-budget.js';
import { routeSizes } from './bundle-size.js';
import { kb, markdown, medianRun, type DatabasePass, type MedianRun } from './report.js';
import { capture, freePort, load, quiet, settle, startProcess, type LoadResult } from './load.js';
import type { CapturedAnswer } from './bytes-server.js';
import { treeMemory } from './proc.js';
import { deepPages } from './deep-pages.js';
import { dropBenchDatabase } from './seed-database.js';
import { previousSeed, seed, type SeedResult } from './seed.js';
import { nginxLoad } from './nginx.js';
import { viewerTokens } from './viewers.js';
import { mediaBench, mediaMarkdown, withMediaSection } from './media.js';

/**
 * `npm run bench`: seeds a database at scale, loads the built server from this process,
 * measures video bytes and the web app's first-render weight, and writes docs/performance.md.
 * A benchmark, not a test: nothing here runs under `npm test`.
 *
 * BENCH_SCALE (default 1) scales the row counts; BENCH_SECONDS (default 10) each load;
 * BENCH_SKIP_BUILD=1 reuses server/dist and web/dist; DATABASE_URL adds a PostgreSQL pass.
 * For quick comparisons while working on one endpoint: BENCH_REUSE=1 measures the SQLite
 * database an earlier run seeded at the same scale, and BENCH_ONLY=feed,search loads only the
 * endpoints whose names contain one of the words (and skips bytes and the report file).
 * BENCH_REPEAT (default 3) is how many times each API load runs; the median run is reported.
 * BENCH_SERVER_FLAGS are Node flags for the server (`--no-maglev`); its supervisor passes them
 * on to the server processes.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const BYTE_CONNECTIONS = 20;
const MIB = 1024 * 1024;
const REUSE = process.env.BENCH_REUSE === '1';
// Each API load runs this many times and the median run (by requests/s) is reported: on a
// shared machine the same build measures up to twice as fast in one minute as in another.
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);

const log = (line: string) => console.log(line);

/** The deep page the bench loads: page 100 of the 60-video feed, videos 5,941 to 6,000. */
export const DEEP_PAGE = 100;
const FEED = '/api/v1/videos/getallvideos?limit=60';

/**
 * The cursor of the feed's page `page`, found as the web app finds it: following each page's
 * nextCursor from the first.
 */
async function feedCursor(url: string, page: number): Promise<string> {
  let cursor = '';
  for (let at = 1; at < page; at += 1) {
    const next = `${url}${FEED}&page=${at}${cursor ? `&cursor=${cursor}` : ''}`;
    const body = (await (await fetch(next)).json()) as { nextCursor: string | null };
    if (!body.nextCursor) throw new Error(`the feed ends before page ${page}`);
    cursor = body.nextCursor;
  }
  return cursor;
}

interface Endpoint {
  name: string;
  path: string;
  who?: 'viewer' | 'studio';
  /** Also load a bare node:http server sending this endpoint's bytes, as its reference. */
  reference?: true;
}

/**
 * Runs `once` REPEAT times after a warm-up at full concurrency (the server's code compiled
 * and its caches filled the way a running server's would be): the median run.
 */
async function measured(
  url: string,
  warm: () => Promise<unknown>,
  once: () => Promise<LoadResult>,
): Promise<MedianRun> {
  await settle(url);
  await warm();
  const runs: LoadResult[] = [];
  for (let i = 0; i < REPEAT; i += 1) {
    if (i > 0) await settle(url);
    const run = await once();
    log(row(run));
    runs.push(run);
  }
  return medianRun(runs);
}

/**
 * The endpoint's answer, captured from the app, served by bench/bytes-server.ts with as many
 * processes as the app serves with (one per core), and loaded exactly as the app was.
 */
async function referenceLoad(
  appUrl: string,
  e: Endpoint,
  headers: Record<string, string> | undefined,
): Promise<MedianRun> {
  const answer = await capture(`${appUrl}${e.path}`, headers);
  if (answer.status !== 200) throw new Error(`${e.name} answered ${answer.status}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-bench-'));
  const file = path.join(dir, 'answer.json');
  const captured: CapturedAnswer = {
    status: answer.status,
    headers: answer.headers,
    bodyBase64: answer.body.toString('base64'),
  };
  fs.writeFileSync(file, JSON.stringify(captured));
  const port = await freePort();
  const control = await startProcess(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'bench', 'bytes-server.ts'),
      file,
      String(port),
      String(os.availableParallelism()),
    ],
    process.env,
    port,
    '/',
  );
  const name = `${e.name}: bare node:http, same bytes`;
  const common = { name, url: control.url, path: e.path, connections: CONNECTIONS, headers };
  try {
    return await measured(
      appUrl,
      () => load({ ...common, seconds: 3 }),
      () => load({ ...common, seconds: SECONDS, serverPid: control.pid }),
    );
  } finally {
    await control.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function endpoints(s: SeedResult, deepCursor: string): Endpoint[] {
  const q = encodeURIComponent;
  return [
    {
      name: 'home feed (60)',
      path: '/api/v1/videos/getallvideos?page=1&limit=60',
      reference: true,
    },
    // An endless list's deep page, as the web app asks for it (after the cursor of page 99)
    // and as a client that knows only page numbers does (an offset of 5,940 rows).
    {
      name: `home feed page ${DEEP_PAGE} (cursor)`,
      path: `${FEED}&page=${DEEP_PAGE}&cursor=${deepCursor}`,
    },
    { name: `home feed page ${DEEP_PAGE} (offset)`, path: `${FEED}&page=${DEEP_PAGE}` },
    {
      name: 'single video (signed in)',
      path: `/api/v1/videos/vid-id/${s.hotVideoId}`,
      who: 'viewer',
      reference: true,
    },
    { name: 'search: title fragment', path: `/api/v1/videos/search?q=${q(s.titleFragment)}` },
    { name: 'search: hashtag', path: `/api/v1/videos/search?q=${q(s.hashtag)}` },
    {
      name: 'search: by views, this month',
      path: `/api/v1/videos/search?q=${q(s.titleFragment)}&sortBy=views&uploadDate=month`,
    },
    { name: 'trending', path: '/api/v1/videos/trending' },
    // The watch page's HTML with its own head (OpenGraph, oEmbed link) against the shell as
    // built: what reading the video and writing the head costs per page view.
    { name: 'watch page HTML (with its head)', path: `/watch/${s.hotVideoId}` },
    { name: 'app shell HTML (static)', path: '/search?q=x' },
    { name: 'suggestions', path: `/api/v1/videos/suggestions?q=${q(s.titleFragment.slice(0, 4))}` },
    {
      name: 'comments (100 + replies)',
      path: `/api/v1/comments/getvideocomments/u/${s.hotVideoId}?limit=100`,
    },
    { name: 'liked videos', path: '/api/v1/toggle/getlikedvideos', who: 'viewer' },
    { name: 'subscriptions feed', path: '/api/v1/subscriptions/videos', who: 'viewer' },
    { name: 'studio content (1,000 videos)', path: '/api/v1/studio/videos', who: 'studio' },
  ];
}

async function databasePass(dialect: 'sqlite' | 'postgres'): Promise<DatabasePass> {
  const dataDir = path.join(ROOT, '.tmp', 'bench-data', dialect);
  log(`\n== ${dialect}: seeding at scale ${SCALE} into ${dataDir}`);
  const reused = REUSE && dialect === 'sqlite' ? await previousSeed(dataDir, SCALE) : undefined;
  const seeded =
    reused ??
    (await seed({
      dataDir,
      scale: SCALE,
      databaseUrl: dialect === 'postgres' ? process.env.DATABASE_URL : undefined,
      log,
    }));
  log(
    reused
      ? `  reusing the seed of ${dataDir} (it took ${seeded.seconds.toFixed(1)} s)`
      : `  seeding took ${seeded.seconds.toFixed(1)} s`,
  );

  // Signed-in lists are loaded by as many viewers as connections, one each.
  const viewers = (await viewerTokens(seeded, CONNECTIONS)).map((token) => ({
    cookie: `sid=${token}`,
  }));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
    REGISTER_RATE_LIMIT: '100000',
    WEB_DIST_DIR: path.join(ROOT, 'web', 'dist'),
    ...(seeded.databaseUrl ? { DATABASE_URL: seeded.databaseUrl } : {}),
  };
  const server = await startProcess(
    process.execPath,
    [...SERVER_FLAGS, path.join(ROOT, 'server', 'dist', 'main.js')],
    env,
    port,
    '/api/v1/users/check-session',
  );
  const cookie = (who: 'viewer' | 'studio' | undefined) =>
    who ? { cookie: `sid=${seeded[who].token}` } : undefined;
  try {
    // Followers start once the leader listens: wait until every server process is up, and
    // until the start-up upkeep is done.
    await settle(server.url);
    log(`  server start-up work done after ${(await quiet(server.pid)) / 1000} s`);
    const idle = treeMemory(server.pid);
    const loads: MedianRun[] = [];
    const chosen = endpoints(seeded, await feedCursor(server.url, DEEP_PAGE)).filter(
      (e) => ONLY.length === 0 || ONLY.some((w) => e.name.includes(w)),
    );
    for (const e of chosen) {
      const common = {
        name: e.name,
        url: server.url,
        path: e.path,
        connections: CONNECTIONS,
        headers: cookie(e.who),
        connectionHeaders: e.who === 'viewer' ? viewers : undefined,
      };
      const run = await measured(
        server.url,
        () => load({ ...common, seconds: 3 }),
        () => load({ ...common, seconds: SECONDS, serverPid: server.pid }),
      );
      if (e.reference) run.reference = await referenceLoad(server.url, e, cookie(e.who));
      loads.push(run);
    }
    // The feed's deep pages as SQL alone: steady even when the machine is busy.
    const deep =
      dialect === 'sqlite' ? await deepPages(path.join(dataDir, 'vidshare.sqlite')) : undefined;
    for (const d of deep ?? []) {
      log(
        `  feed page ${d.page} by ${d.way}: median ${d.medianMs.toFixed(3)} ms, p99 ${d.p99Ms.toFixed(3)} ms`,
      );
    }
    if (ONLY.length > 0) return { dialect, seed: seeded, loads, bytes: [], idle, deep };
    const file = `/media/${seeded.videoKey}`;
    const size = fs.statSync(seeded.videoFile).size;
    const mid = Math.floor(size / 2 / MIB) * MIB;
    const range = `bytes=${mid}-${mid + MIB - 1}`;
    await settle(server.url);
    const bytes: LoadResult[] = [];
    const kinds: { name: string; headers: Record<string, string>; amount: number | undefined }[] = [
      // Whole files by count (2 per connection), not by time: 20 MB responses still in flight
      // when a time box ends would be left out of the bytes.
      { name: 'whole file', headers: {}, amount: BYTE_CONNECTIONS * 2 },
      { name: '1 MiB Range', headers: { range }, amount: undefined },
    ];
    for (const kind of kinds) {
      const common = {
        connections: BYTE_CONNECTIONS,
        seconds: SECONDS,
        amount: kind.amount,
        headers: kind.headers,
      };
      const r = await load({
        ...common,
        name: `${kind.name}: app`,
        url: server.url,
        path: file,
        serverPid: server.pid,
      });
      log(row(r));
      bytes.push(r);
      // The comparisons run once, beside the SQLite pass: the file is the same.
      if (dialect !== 'sqlite') continue;
      const ng = await nginxLoad({
        ...common,
        name: `${kind.name}: nginx`,
        root: path.join(seeded.dataDir, 'media'),
        file: `/${seeded.videoKey}`,
      });
      if (ng) {
        log(row(ng));
        bytes.push(ng);
      }
      const nodePort = await freePort();
      const control = await startProcess(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(ROOT, 'bench', 'file-server.ts'),
          seeded.videoFile,
          String(nodePort),
        ],
        process.env,
        nodePort,
        '/',
      );
      try {
        const c = await load({
          ...common,
          name: `${kind.name}: bare node:http`,
          url: control.url,
          path: '/',
          serverPid: control.pid,
        });
        log(row(c));
        bytes.push(c);
      } finally {
        await control.stop();
      }
    }
    return { dialect, seed: seeded, loads, bytes, idle, deep };
  } finally {
    await server.stop();
    if (dialect === 'postgres' && process.env.DATABASE_URL) {
      await dropBenchDatabase(process.env.DATABASE_URL);
    }
  }
}

function row(r: LoadResult): string {
  return `  ${r.name.padEnd(36)} ${r.requestsPerSec.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  errors ${r.errors}  ${(r.bytesPerSec / 1e6).toFixed(0)} MB/s  RSS ${r.peakRssMb.toFixed(0)} MB  PSS ${r.peakPssMb.toFixed(0)} MB (largest HTTP ${(r.peakPssByRole.http ?? 0).toFixed(0)})  server CPU ${r.serverCpuPct.toFixed(0)} % (${r.serverCpuUsPerReq.toFixed(0)} µs/req)  loader CPU ${r.loaderCpuPct.toFixed(0)} %`;
}

async function main(): Promise<void> {
  const started = performance.now();
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('== building (npm run build)');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const passes: DatabasePass[] = [await databasePass('sqlite')];
  if (process.env.DATABASE_URL) passes.push(await databasePass('postgres'));
  if (ONLY.length > 0) return;
  const media = await mediaBench({ root: ROOT, seconds: SECONDS, rounds: REPEAT, log });

  const { routes } = routeSizes(path.join(ROOT, 'web', 'dist'));
  const find = (name: string) => {
    const r = routes.find((x) => x.route === name);
    if (!r) throw new Error(`no route chunk named ${name} in web/dist`);
    return r;
  };
  const sizes = { home: find(HOME_ROUTE), watch: find('watch'), worst: routes[0]! };
  log('\n== web app before first render (gzip)');
  for (const r of routes.slice(0, 5))
    log(`  ${r.route.padEnd(20)} JS ${kb(r.jsGzipBytes).toFixed(1)} KB`);
  log(
    `  home JS ${kb(sizes.home.jsGzipBytes).toFixed(1)} KB, watch JS ${kb(sizes.watch.jsGzipBytes).toFixed(1)} KB, CSS ${kb(sizes.home.cssGzipBytes).toFixed(1)} KB`,
  );

  const out = path.join(ROOT, 'docs', 'performance.md');
  // The hand-written analysis under "## Findings" outlives a re-run; the figures are replaced.
  const previous = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
  const findingsAt = previous.indexOf('\n## Findings');
  const findings = findingsAt >= 0 ? previous.slice(findingsAt) : '';
  const doc = markdown(passes, sizes, (performance.now() - started) / 1000, {
    root: ROOT,
    scale: SCALE,
    seconds: SECONDS,
    connections: CONNECTIONS,
    byteConnections: BYTE_CONNECTIONS,
    repeat: REPEAT,
  });
  fs.writeFileSync(out, withMediaSection(doc + findings, mediaMarkdown(media)));
  // The repository's formatter owns Markdown layout (tables), so `npm run lint` stays clean.
  spawnSync('npx', ['prettier', '--write', out], { cwd: ROOT, stdio: 'ignore' });
  log(`\nwrote ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
