import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { routeSizes, type RouteSize } from './bundle-size.js';
import { freePort, load, settle, startProcess, type LoadResult } from './load.js';
import { treeMemory, type TreeMemory } from './proc.js';
import { dropBenchDatabase, previousSeed, seed, type SeedResult } from './seed.js';
import { nginxLoad } from './nginx.js';

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
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);

const BUDGET = {
  p99Ms: 50,
  minRps: 3000,
  rssMb: 300,
  homeJsKb: 150,
  routeKb: 250,
  nginxRatio: 0.5,
};

const log = (line: string) => console.log(line);

interface DatabasePass {
  dialect: 'sqlite' | 'postgres';
  seed: SeedResult;
  loads: MedianRun[];
  bytes: LoadResult[];
  idle: TreeMemory;
}

function endpoints(s: SeedResult): { name: string; path: string; who?: 'viewer' | 'studio' }[] {
  const q = encodeURIComponent;
  return [
    { name: 'home feed (60)', path: '/api/v1/videos/getallvideos?page=1&limit=60' },
    {
      name: 'single video (signed in)',
      path: `/api/v1/videos/vid-id/${s.hotVideoId}`,
      who: 'viewer',
    },
    { name: 'search: title fragment', path: `/api/v1/videos/search?q=${q(s.titleFragment)}` },
    { name: 'search: hashtag', path: `/api/v1/videos/search?q=${q(s.hashtag)}` },
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
    [path.join(ROOT, 'server', 'dist', 'main.js')],
    env,
    port,
    '/api/v1/users/check-session',
  );
  const cookie = (who: 'viewer' | 'studio' | undefined) =>
    who ? { cookie: `sid=${seeded[who].token}` } : undefined;
  try {
    // Followers start once the leader listens: wait until every server process is up.
    await settle(server.url);
    const idle = treeMemory(server.pid);
    const loads: MedianRun[] = [];
    const chosen = endpoints(seeded).filter(
      (e) => ONLY.length === 0 || ONLY.some((w) => e.name.includes(w)),
    );
    for (const e of chosen) {
      await settle(server.url);
      // A warm-up at full concurrency: the server's code is compiled and its caches filled
      // the way a running server's would be, so the figures are its steady state.
      await load({
        name: e.name,
        url: server.url,
        path: e.path,
        connections: CONNECTIONS,
        seconds: 3,
        headers: cookie(e.who),
      });
      const runs: LoadResult[] = [];
      for (let i = 0; i < REPEAT; i += 1) {
        if (i > 0) await settle(server.url);
        const run = await load({
          name: e.name,
          url: server.url,
          path: e.path,
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: cookie(e.who),
          serverPid: server.pid,
        });
        log(row(run));
        runs.push(run);
      }
      loads.push(medianRun(runs));
    }
    if (ONLY.length > 0) return { dialect, seed: seeded, loads, bytes: [], idle };
    const file = `/media/videos/${path.basename(seeded.videoFile)}`;
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
        root: path.dirname(path.dirname(seeded.videoFile)),
        file: `/videos/${path.basename(seeded.videoFile)}`,
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
    return { dialect, seed: seeded, loads, bytes, idle };
  } finally {
    await server.stop();
    if (dialect === 'postgres' && process.env.DATABASE_URL) {
      await dropBenchDatabase(process.env.DATABASE_URL);
    }
  }
}

interface MedianRun extends LoadResult {
  /** Every run's requests/s and p99, in the order they ran. */
  runs: { requestsPerSec: number; p99: number }[];
}

/** The median run by requests/s; memory is the highest any run saw. */
function medianRun(runs: LoadResult[]): MedianRun {
  const sorted = [...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return {
    ...median,
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
    peakPssMb: Math.max(...runs.map((r) => r.peakPssMb)),
    runs: runs.map((r) => ({ requestsPerSec: r.requestsPerSec, p99: r.p99 })),
  };
}

function row(r: LoadResult): string {
  return `  ${r.name.padEnd(36)} ${r.requestsPerSec.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  errors ${r.errors}  ${(r.bytesPerSec / 1e6).toFixed(0)} MB/s  RSS ${r.peakRssMb.toFixed(0)} MB  server CPU ${r.serverCpuPct.toFixed(0)} % (${r.serverCpuUsPerReq.toFixed(0)} µs/req)  loader CPU ${r.loaderCpuPct.toFixed(0)} %`;
}

function machine(): {
  cpu: string;
  cores: string;
  node: string;
  sqlite: string;
  postgres?: string;
} {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const cpu =
    /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  const cores = execFileSync('nproc', { encoding: 'utf8' }).trim();
  const mem = new Database(':memory:');
  const sqlite = (mem.prepare('select sqlite_version() as v').get() as { v: string }).v;
  mem.close();
  return { cpu, cores, node: process.version, sqlite };
}

const kb = (bytes: number) => bytes / 1024;
const yes = (ok: boolean) => (ok ? 'pass' : '**MISS**');

function markdown(
  passes: DatabasePass[],
  sizes: { home: RouteSize; watch: RouteSize; worst: RouteSize },
  totalSeconds: number,
): string {
  const m = machine();
  const lines: string[] = [];
  const date = new Date().toISOString().slice(0, 10);
  lines.push('# Performance');
  lines.push('');
  lines.push(
    'Measured by `npm run bench` (bench/run.ts). A benchmark, not a test: it never runs inside `npm test`. Re-run it after changes to queries, serialisation or the web bundle and replace the figures below.',
  );
  lines.push('');
  lines.push(`- Date: ${date}`);
  lines.push(
    `- Machine: ${m.cores} cores (\`nproc\`), ${m.cpu}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB RAM, ${os.type()} ${os.release()}`,
  );
  lines.push(
    `- Versions: Node ${m.node}, SQLite ${m.sqlite} (better-sqlite3), Vidshare ${JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version}`,
  );
  lines.push(
    `- Scale: BENCH_SCALE=${SCALE}; each load ${SECONDS} s at ${CONNECTIONS} connections (video bytes at ${BYTE_CONNECTIONS}); whole run ${(totalSeconds / 60).toFixed(1)} min`,
  );
  lines.push(
    '- Method: the built server (`node server/dist/main.js`, which serves from one process per core under a small supervisor) runs as a child process on a loopback port; autocannon drives it from the bench process, each API load after a 3 s warm-up at the same concurrency, so the figures are the server’s steady state. Each API load runs ' +
      REPEAT +
      ' times; the table shows the median run by requests/s, every run’s requests/s and p99 beside it, and the highest memory any run saw. Server memory is sampled every 200 ms during each load over the whole server process tree: peak RSS is the sum of VmRSS (pages the processes share, about 40 MB of Node binary among them, counted once per process, so three times over), peak PSS the sum of Pss from smaps_rollup (shared pages split between the processes that map them, so counted once: what the server really keeps resident, and the figure the memory budget is judged on; with a single process it equals RSS less pages shared with other programs). Server CPU is the tree’s user + system time from /proc/<pid>/stat over the load’s wall time (100 % is one core kept busy), also given per completed request; loader CPU is the bench process’s own. The load generator shares the machine’s cores with the server, as on any single-box run, and requests still queued from one load are drained before the next starts. `node --import tsx bench/explain.ts` prints the SQL behind each endpoint with SQLite’s query plan and timing.',
  );
  for (const p of passes) {
    const c = p.seed.counts;
    lines.push('');
    lines.push(`## ${p.dialect === 'sqlite' ? 'Embedded SQLite' : 'PostgreSQL'}`);
    lines.push('');
    lines.push(
      `Seeded ${c.videos.toLocaleString('en')} public videos across ${c.channels.toLocaleString('en')} channels, ${c.likes.toLocaleString('en')} likes, ${c.comments.toLocaleString('en')} comments, ${c.subscriptions.toLocaleString('en')} subscriptions in **${p.seed.seconds.toFixed(1)} s** (${p.seed.phases.map((ph) => `${ph.name} ${ph.seconds.toFixed(1)} s`).join('; ')}). Server idle after start: ${p.idle.processes} processes, RSS ${p.idle.rssMb.toFixed(0)} MB, PSS ${p.idle.pssMb.toFixed(0)} MB.`,
    );
    lines.push('');
    lines.push(
      `| Endpoint | req/s | p50 ms | p99 ms | errors | peak RSS MB | peak PSS MB | server CPU % | server µs/req | loader CPU % | all ${REPEAT} runs: req/s (p99 ms) | budget |`,
    );
    lines.push(
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    );
    for (const r of p.loads) {
      const needsRps = r.name.startsWith('home feed') || r.name.startsWith('single video');
      const ok =
        r.p99 < BUDGET.p99Ms &&
        r.errors === 0 &&
        r.peakPssMb < BUDGET.rssMb &&
        (!needsRps || r.requestsPerSec >= BUDGET.minRps);
      const all = r.runs.map((x) => `${x.requestsPerSec.toFixed(0)} (${x.p99})`).join(', ');
      lines.push(
        `| ${r.name} | ${r.requestsPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.peakRssMb.toFixed(0)} | ${r.peakPssMb.toFixed(0)} | ${r.serverCpuPct.toFixed(0)} | ${r.serverCpuUsPerReq.toFixed(0)} | ${r.loaderCpuPct.toFixed(0)} | ${all} | ${p.dialect === 'sqlite' ? yes(ok) : 'n/a'} |`,
      );
    }
    lines.push('');
    lines.push(
      '| Video bytes (20 MB file) | req/s | MB/s | p99 ms | errors | peak RSS MB | peak PSS MB |',
    );
    lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of p.bytes) {
      lines.push(
        `| ${r.name} | ${r.requestsPerSec.toFixed(1)} | ${(r.bytesPerSec / 1e6).toFixed(0)} | ${r.p99} | ${r.errors} | ${r.name.includes('nginx') ? '–' : r.peakRssMb.toFixed(0)} | ${r.name.includes('nginx') ? '–' : r.peakPssMb.toFixed(0)} |`,
      );
    }
    const ratio = (kind: string, control: string) => {
      const app = p.bytes.find((b) => b.name === `${kind}: app`);
      const other = p.bytes.find((b) => b.name === `${kind}: ${control}`);
      return app && other
        ? `${kind} ${(app.bytesPerSec / other.bytesPerSec).toFixed(2)}`
        : undefined;
    };
    const kinds = ['whole file', '1 MiB Range'];
    const nginx = kinds.map((k) => ratio(k, 'nginx')).filter(Boolean);
    const bare = kinds.map((k) => ratio(k, 'bare node:http')).filter(Boolean);
    lines.push('');
    if (p.dialect === 'sqlite') {
      const appBytes = p.bytes.filter((b) => b.name.endsWith(': app'));
      const bytesPss = Math.max(...appBytes.map((b) => b.peakPssMb));
      if (appBytes.length > 0) {
        lines.push(
          `- Server memory while streaming: peak PSS ${bytesPss.toFixed(0)} MB (budget < ${BUDGET.rssMb} MB): ${yes(bytesPss < BUDGET.rssMb)}.`,
        );
      }
      lines.push(
        nginx.length === 0
          ? '- nginx is not installed on this machine (`command -v nginx` finds nothing), so the comparison with nginx serving the same file was skipped; the bench runs it automatically where nginx is present.'
          : `- App / nginx throughput: ${nginx.join('; ')} (budget ≥ ${BUDGET.nginxRatio}).`,
      );
      if (bare.length > 0) {
        lines.push(
          `- App / bare node:http (bench/file-server.ts, a framework-free control in its own process): ${bare.join('; ')}.`,
        );
      }
    }
  }
  lines.push('');
  lines.push('## Web app before first render');
  lines.push('');
  lines.push(
    'gzip -9 sizes of the JS and CSS a route loads before its first render: index.html’s entry script, its modulepreloads and stylesheet, plus the lazily imported route chunk and its static imports (followed in the built chunks).',
  );
  lines.push('');
  lines.push('| Route | JS gzip KB | CSS gzip KB | JS files | budget |');
  lines.push('| --- | ---: | ---: | ---: | --- |');
  const sizeRow = (label: string, s: RouteSize, limit: number) =>
    `| ${label} | ${kb(s.jsGzipBytes).toFixed(1)} | ${kb(s.cssGzipBytes).toFixed(1)} | ${s.jsFiles.length} | ${yes(kb(s.jsGzipBytes) < limit)} (< ${limit} KB JS) |`;
  lines.push(sizeRow('home (/)', sizes.home, BUDGET.homeJsKb));
  lines.push(sizeRow('watch (/watch/:id)', sizes.watch, BUDGET.routeKb));
  lines.push(sizeRow(`heaviest route (${sizes.worst.route})`, sizes.worst, BUDGET.routeKb));
  lines.push('');
  lines.push('## Budgets');
  lines.push('');
  lines.push(
    `On this ${m.cores}-core machine with 100k videos on embedded SQLite: every endpoint p99 < ${BUDGET.p99Ms} ms at ${CONNECTIONS} connections with zero errors; home feed and single video ≥ ${BUDGET.minRps.toLocaleString('en')} req/s; video bytes ≥ ${BUDGET.nginxRatio} × nginx; server memory under load (PSS of its processes) < ${BUDGET.rssMb} MB; home route JS < ${BUDGET.homeJsKb} KB gzip, no route above ${BUDGET.routeKb} KB gzip before first render.`,
  );
  lines.push('');
  return lines.join('\n');
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

  const { routes } = routeSizes(path.join(ROOT, 'web', 'dist'));
  const find = (name: string) => {
    const r = routes.find((x) => x.route === name);
    if (!r) throw new Error(`no route chunk named ${name} in web/dist`);
    return r;
  };
  const sizes = { home: find('home'), watch: find('watch'), worst: routes[0]! };
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
  const doc = markdown(passes, sizes, (performance.now() - started) / 1000);
  fs.writeFileSync(out, doc + findings);
  // The repository's formatter owns Markdown layout (tables), so `npm run lint` stays clean.
  spawnSync('npx', ['prettier', '--write', out], { cwd: ROOT, stdio: 'ignore' });
  log(`\nwrote ${path.relative(ROOT, out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
