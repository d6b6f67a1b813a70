import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import autocannon from 'autocannon';
import { cpuMs, maxByRole, treeMemory, type TreeMemory } from './proc.js';

export interface LoadResult {
  name: string;
  connections: number;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  /** Bytes per second of response, headers included. */
  bytesPerSec: number;
  /** Peak resident set of the server's processes, summed, while this load ran, in MB. */
  peakRssMb: number;
  /** Peak proportional set (shared pages counted once) of the server's processes, in MB. */
  peakPssMb: number;
  /** Peak PSS of the largest process of each role (supervisor, HTTP, processing), in MB. */
  peakPssByRole: TreeMemory['byRole'];
  /** Server processes seen during the load (supervisor included). */
  processes: number;
  /** Server CPU (user + system, all threads) over wall time: 100 is one core kept busy. */
  serverCpuPct: number;
  /** Server CPU per completed request, in microseconds. */
  serverCpuUsPerReq: number;
  /** The load generator's own CPU over wall time (it shares the machine's cores). */
  loaderCpuPct: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/** Polls until `url` answers, for at most `timeoutMs`. */
async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** Starts a command that serves HTTP on `port` and waits until `readyPath` answers. */
export async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath: string,
): Promise<RunningServer> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}${readyPath}`, 60_000, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${stderr}`);
  }
  return {
    child,
    pid: child.pid!,
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Gives each connection the next headers of `each`, over `base`. */
function eachConnection(
  each: readonly Record<string, string>[],
  base: Record<string, string> = {},
): (client: autocannon.Client) => void {
  let next = 0;
  return (client) => {
    client.setHeaders({ ...base, ...each[next % each.length] });
    next += 1;
  };
}

/** One autocannon run against a path, sampling the server's RSS every 100 ms meanwhile. */
export async function load(opts: {
  name: string;
  url: string;
  path: string;
  connections: number;
  seconds: number;
  /** A fixed number of requests instead of a duration: for 20 MB responses, whose bytes a
   *  time-boxed run would miss while still in flight. */
  amount?: number;
  headers?: Record<string, string>;
  /** Headers of each connection in turn, over `headers` (a viewer's cookie per connection). */
  connectionHeaders?: readonly Record<string, string>[];
  serverPid?: number;
}): Promise<LoadResult> {
  const peak: TreeMemory = { rssMb: 0, pssMb: 0, processes: 0, byRole: {} };
  const sample = () => {
    if (!opts.serverPid) return;
    const now = treeMemory(opts.serverPid);
    peak.rssMb = Math.max(peak.rssMb, now.rssMb);
    peak.pssMb = Math.max(peak.pssMb, now.pssMb);
    peak.processes = Math.max(peak.processes, now.processes);
    peak.byRole = maxByRole(peak.byRole, now.byRole);
  };
  sample();
  const sampler = opts.serverPid ? setInterval(sample, 200) : undefined;
  const cpuBefore = opts.serverPid ? cpuMs(opts.serverPid) : 0;
  const loaderBefore = process.cpuUsage();
  const started = performance.now();
  try {
    const result = await autocannon({
      url: `${opts.url}${opts.path}`,
      connections: opts.connections,
      ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds }),
      headers: opts.headers ?? {},
      ...(opts.connectionHeaders
        ? { setupClient: eachConnection(opts.connectionHeaders, opts.headers) }
        : {}),
      // Whole 20 MB files at 20 connections can take far longer than an API call.
      timeout: opts.amount ? 120 : 10,
    });
    const wallMs = performance.now() - started;
    const serverMs = opts.serverPid ? cpuMs(opts.serverPid) - cpuBefore : 0;
    const loader = process.cpuUsage(loaderBefore);
    return {
      name: opts.name,
      connections: opts.connections,
      requestsPerSec: result.duration > 0 ? result.requests.total / result.duration : 0,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      // Total over wall time: per-second averages skip seconds in which no response completed.
      bytesPerSec: result.duration > 0 ? result.throughput.total / result.duration : 0,
      peakRssMb: peak.rssMb,
      peakPssMb: peak.pssMb,
      peakPssByRole: peak.byRole,
      processes: peak.processes,
      serverCpuPct: (100 * serverMs) / wallMs,
      serverCpuUsPerReq: result.requests.total > 0 ? (1000 * serverMs) / result.requests.total : 0,
      loaderCpuPct: (100 * (loader.user + loader.system)) / 1000 / wallMs,
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

/**
 * Waits until the server answers a cheap request quickly again: requests still queued from
 * the previous load would otherwise be billed to the next one. Bounded by `maxMs`.
 */
export async function settle(url: string, maxMs = 90_000): Promise<number> {
  const started = Date.now();
  let quick = 0;
  while (Date.now() - started < maxMs && quick < 3) {
    const t = performance.now();
    await fetch(`${url}/api/v1/users/check-session`).catch(() => undefined);
    quick = performance.now() - t < 20 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

/**
 * One answer exactly as the server sent it (status, headers, body bytes), asked for with the
 * headers a load sends: autocannon asks for no compression, so neither does this.
 */
export function capture(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const out: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          out[res.rawHeaders[i]!.toLowerCase()] = res.rawHeaders[i + 1]!;
        }
        resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Waits until the server's process tree has finished its start-up work (the leader's first
 * orphan sweep reads every video's row and looks for its files; at 100k seeded videos that
 * is seconds of one core): two windows of half a second running under a tenth of a core.
 * Bounded by `maxMs`. Loads measured while it runs would bill that work to the endpoint.
 */
export async function quiet(pid: number, maxMs = 180_000): Promise<number> {
  const started = Date.now();
  let calm = 0;
  let before = cpuMs(pid);
  while (Date.now() - started < maxMs && calm < 2) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuMs(pid);
    calm = now - before < 50 ? calm + 1 : 0;
    before = now;
  }
  return Date.now() - started;
}
