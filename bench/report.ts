import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BUNDLE_BUDGET } from './bundle-budget.js';
import type { RouteSize } from './bundle-size.js';
import type { DeepPageRow } from './deep-pages.js';
import type { LoadResult } from './load.js';
import { maxByRole, type TreeMemory } from './proc.js';
import type { SeedResult } from './seed.js';

/** The bench's findings as docs/performance.md: figures, budgets and verdicts. */

/** How the run was made, for the report's header. */
export interface BenchSettings {
  root: string;
  scale: number;
  seconds: number;
  connections: number;
  byteConnections: number;
  repeat: number;
}

export const BUDGET = {
  p99Ms: 50,
  minRps: 3000,
  /**
   * Peak PSS of each server process, in MB, by role. The server runs one HTTP process per
   * core, one processing worker and a supervisor, so its memory grows with the cores and is
   * budgeted per process: a machine needs `supervisor + processing + cores × http`.
   * - An HTTP process idles at about 100 MB: Node itself (about 45 MB, what the processing
   *   worker idles at) and the app's code, compiled contract and bounded caches. API loads add
   *   the young generation and the requests in flight.
   * - While streaming, read buffers wait for V8 to collect them, which it does once about
   *   64 MB of them have built up (its external-memory soft limit), whatever the number of
   *   connections: up to that much more per HTTP process.
   */
  processPssMb: {
    http: 150,
    httpStreaming: 200,
    processing: 100,
    supervisor: 40,
  },
  /** The web app's, shared with the check `npm test` makes after its build. */
  homeJsKb: BUNDLE_BUDGET.homeJsKb,
  routeKb: BUNDLE_BUDGET.routeKb,
  nginxRatio: 0.5,
  /** The home feed's requests/s against a bare node:http server sending its bytes. */
  feedRatio: 0.3,
};

export interface DatabasePass {
  dialect: 'sqlite' | 'postgres';
  seed: SeedResult;
  loads: MedianRun[];
  bytes: LoadResult[];
  idle: TreeMemory;
  /** The feed's page query at depth, by offset and by cursor (SQLite). */
  deep?: DeepPageRow[];
}

export interface MedianRun extends LoadResult {
  /** Every run's requests/s and p99, in the order they ran. */
  runs: { requestsPerSec: number; p99: number }[];
  /** The same load against a bare node:http server sending the same answer. */
  reference?: MedianRun;
}

/** The median run by requests/s; memory is the highest any run saw. */
export function medianRun(runs: LoadResult[]): MedianRun {
  const sorted = [...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return {
    ...median,
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
    peakPssMb: Math.max(...runs.map((r) => r.peakPssMb)),
    peakPssByRole: runs.reduce<TreeMemory['byRole']>((m, r) => maxByRole(m, r.peakPssByRole), {}),
    runs: runs.map((r) => ({ requestsPerSec: r.requestsPerSec, p99: r.p99 })),
  };
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

/** Whether every process stayed within its role's budget (HTTP's own while streaming). */
export function withinMemoryBudget(
  byRole: TreeMemory['byRole'],
  streaming = false,
  budget = BUDGET.processPssMb,
): boolean {
  const limits = {
    http: streaming ? budget.httpStreaming : budget.http,
    processing: budget.processing,
    supervisor: budget.supervisor,
  };
  return (Object.keys(limits) as (keyof typeof limits)[]).every(
    (role) => (byRole[role] ?? 0) < limits[role],
  );
}

/** The largest process of each role, as the report states it: `HTTP 131, processing 45, …`. */
export function rolesLine(byRole: TreeMemory['byRole']): string {
  const names = {
    http: 'HTTP',
    processing: 'processing',
    supervisor: 'supervisor',
    other: 'other',
  };
  return (Object.keys(names) as (keyof typeof names)[])
    .filter((role) => byRole[role] !== undefined)
    .map((role) => `${names[role]} ${byRole[role]!.toFixed(0)}`)
    .join(', ');
}

export const kb = (bytes: number) => bytes / 1024;
const yes = (ok: boolean) => (ok ? 'pass' : '**MISS**');

export function markdown(
  passes: DatabasePass[],
  sizes: { home: RouteSize; watch: RouteSize; worst: RouteSize },
  totalSeconds: number,
  settings: BenchSettings,
): string {
  const { scale: SCALE, seconds: SECONDS, connections: CONNECTIONS } = settings;
  const { byteConnections: BYTE_CONNECTIONS, repeat: REPEAT, root: ROOT } = settings;
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
    '- Method: the built server (`node server/dist/main.js`, which serves from one process per core under a small supervisor) runs as a child process on a loopback port; autocannon drives it from the bench process, each API load after a 3 s warm-up at the same concurrency, so the figures are the server’s steady state. The signed-in viewer’s loads (single video, liked videos, subscriptions feed) come from ' +
      CONNECTIONS +
      ' different viewers, one per connection (the seeded viewer and bulk users who like and subscribe, bench/viewers.ts): a crowd asks each its own question, and identical reads at once share a statement (db/shared-reads.ts on PostgreSQL, db/gathered-reads.ts on SQLite); the studio’s load is its one account. Each API load runs ' +
      REPEAT +
      ' times; the table shows the median run by requests/s, every run’s requests/s and p99 beside it, and the highest memory any run saw. Server memory is sampled every 200 ms during each load over the whole server process tree: peak RSS is the sum of VmRSS (pages the processes share, about 40 MB of Node binary among them, counted once per process, so three times over), peak PSS the sum of Pss from smaps_rollup (shared pages split between the processes that map them, so counted once: what the server really keeps resident, and the figure the memory budget is judged on; with a single process it equals RSS less pages shared with other programs). Server CPU is the tree’s user + system time from /proc/<pid>/stat over the load’s wall time (100 % is one core kept busy), also given per completed request; loader CPU is the bench process’s own. The load generator shares the machine’s cores with the server, as on any single-box run, and requests still queued from one load are drained before the next starts. `node --import tsx bench/explain.ts` prints the SQL behind each endpoint with SQLite’s query plan and timing.',
  );
  for (const p of passes) {
    const c = p.seed.counts;
    lines.push('');
    lines.push(`## ${p.dialect === 'sqlite' ? 'Embedded SQLite' : 'PostgreSQL'}`);
    lines.push('');
    lines.push(
      `Seeded ${c.videos.toLocaleString('en')} public videos across ${c.channels.toLocaleString('en')} channels, ${c.likes.toLocaleString('en')} likes, ${c.comments.toLocaleString('en')} comments, ${c.subscriptions.toLocaleString('en')} subscriptions in **${p.seed.seconds.toFixed(1)} s** (${p.seed.phases.map((ph) => `${ph.name} ${ph.seconds.toFixed(1)} s`).join('; ')}). Server idle after start: ${p.idle.processes} processes, RSS ${p.idle.rssMb.toFixed(0)} MB, PSS ${p.idle.pssMb.toFixed(0)} MB (the largest process of each role: ${rolesLine(p.idle.byRole)}).`,
    );
    lines.push('');
    lines.push(
      `| Endpoint | req/s | p50 ms | p99 ms | errors | peak RSS MB | peak PSS MB | largest HTTP process PSS MB | server CPU % | server µs/req | loader CPU % | all ${REPEAT} runs: req/s (p99 ms) | budget |`,
    );
    lines.push(
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    );
    for (const r of p.loads) {
      // Throughput and memory are judged on embedded SQLite, the default; on PostgreSQL the
      // database shares the two cores with the server and the loader, so only latency is.
      const needsRps =
        p.dialect === 'sqlite' &&
        (r.name.startsWith('home feed') || r.name.startsWith('single video'));
      const ok =
        r.p99 < BUDGET.p99Ms &&
        r.errors === 0 &&
        (p.dialect !== 'sqlite' || withinMemoryBudget(r.peakPssByRole)) &&
        (!needsRps || r.requestsPerSec >= BUDGET.minRps);
      const all = r.runs.map((x) => `${x.requestsPerSec.toFixed(0)} (${x.p99})`).join(', ');
      lines.push(
        `| ${r.name} | ${r.requestsPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.peakRssMb.toFixed(0)} | ${r.peakPssMb.toFixed(0)} | ${(r.peakPssByRole.http ?? 0).toFixed(0)} | ${r.serverCpuPct.toFixed(0)} | ${r.serverCpuUsPerReq.toFixed(0)} | ${r.loaderCpuPct.toFixed(0)} | ${all} | ${yes(ok)} |`,
      );
    }
    const referenced = p.loads.filter((r) => r.reference);
    if (referenced.length > 0) {
      lines.push('');
      lines.push(
        '| Against a bare node:http server sending the same bytes | app req/s | reference req/s | ratio | app p99 ms | reference p99 ms | app server µs/req | reference µs/req | budget |',
      );
      lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
      for (const r of referenced) {
        const ref = r.reference!;
        const ratio = r.requestsPerSec / ref.requestsPerSec;
        const judged = r.name === 'home feed (60)';
        lines.push(
          `| ${r.name} | ${r.requestsPerSec.toFixed(0)} | ${ref.requestsPerSec.toFixed(0)} | ${ratio.toFixed(2)} | ${r.p99} | ${ref.p99} | ${r.serverCpuUsPerReq.toFixed(0)} | ${ref.serverCpuUsPerReq.toFixed(0)} | ${judged ? `${yes(ratio >= BUDGET.feedRatio)} (≥ ${BUDGET.feedRatio})` : '–'} |`,
        );
      }
    }
    const first = p.loads.find((r) => r.name === 'home feed (60)');
    const deep = p.loads.find(
      (r) => r.name.startsWith('home feed page') && r.name.endsWith('(cursor)'),
    );
    const offset = p.loads.find(
      (r) => r.name.startsWith('home feed page') && r.name.endsWith('(offset)'),
    );
    if (first && deep) {
      lines.push('');
      lines.push(
        `- Deep pages (endless lists): ${deep.name.replace(' (cursor)', '')} by cursor p99 ${deep.p99} ms, ${deep.requestsPerSec.toFixed(0)} req/s, against page 1 p99 ${first.p99} ms, ${first.requestsPerSec.toFixed(0)} req/s: ${yes(deep.p99 <= first.p99 * 1.2 + 2)} (the same p99 within noise: 20 % and 2 ms)${offset ? `; by offset (page and limit only) p99 ${offset.p99} ms, ${offset.requestsPerSec.toFixed(0)} req/s` : ''}.`,
      );
    }
    if (p.deep?.length) {
      lines.push('');
      lines.push(
        '| Home feed page query (SQL alone, 300 runs) | median ms | p99 ms | SQLite query plan |',
      );
      lines.push('| --- | ---: | ---: | --- |');
      for (const d of p.deep) {
        lines.push(
          `| page ${d.page}, ${d.way} | ${d.medianMs.toFixed(3)} | ${d.p99Ms.toFixed(3)} | ${d.plan} |`,
        );
      }
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
      const byRole = appBytes.reduce<TreeMemory['byRole']>(
        (m, b) => maxByRole(m, b.peakPssByRole),
        {},
      );
      const apiRoles = p.loads.reduce<TreeMemory['byRole']>(
        (m, r) => maxByRole(m, r.peakPssByRole),
        {},
      );
      const b = BUDGET.processPssMb;
      lines.push(
        `- Server memory under API loads, the largest process of each role: ${rolesLine(apiRoles)} MB PSS (budget < ${b.http} per HTTP process, < ${b.processing} for processing, < ${b.supervisor} for the supervisor): ${yes(withinMemoryBudget(apiRoles))}.`,
      );
      if (appBytes.length > 0) {
        lines.push(
          `- Server memory while streaming: peak PSS ${bytesPss.toFixed(0)} MB in all; the largest process of each role: ${rolesLine(byRole)} MB (budget < ${b.httpStreaming} per HTTP process): ${yes(withinMemoryBudget(byRole, true))}.`,
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
    `On this ${m.cores}-core machine with 100k videos on embedded SQLite: every endpoint p99 < ${BUDGET.p99Ms} ms at ${CONNECTIONS} connections with zero errors; home feed and single video ≥ ${BUDGET.minRps.toLocaleString('en')} req/s, and the home feed ≥ ${BUDGET.feedRatio} × a bare node:http server sending the same bytes with as many processes, in the same run; on PostgreSQL every read endpoint p99 < ${BUDGET.p99Ms} ms at ${CONNECTIONS} connections; video bytes ≥ ${BUDGET.nginxRatio} × nginx; server memory (PSS) per process, since the server runs one HTTP process per core beside one processing worker and a supervisor: each HTTP process < ${BUDGET.processPssMb.http} MB under load and < ${BUDGET.processPssMb.httpStreaming} MB while streaming (read buffers build up to V8's 64 MB external-memory soft limit before it collects them), the processing worker < ${BUDGET.processPssMb.processing} MB, the supervisor < ${BUDGET.processPssMb.supervisor} MB, so a machine needs ${BUDGET.processPssMb.supervisor} + ${BUDGET.processPssMb.processing} + cores × ${BUDGET.processPssMb.httpStreaming} MB (${BUDGET.processPssMb.supervisor + BUDGET.processPssMb.processing + Number(m.cores) * BUDGET.processPssMb.httpStreaming} MB here); home route JS < ${BUDGET.homeJsKb} KB gzip, no route above ${BUDGET.routeKb} KB gzip before first render.`,
  );
  lines.push('');
  return lines.join('\n');
}
