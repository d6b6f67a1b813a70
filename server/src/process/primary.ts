// node:cluster calls a forked process a worker; here that word is kept for the processing worker.
import cluster, { type Worker as Child } from 'node:cluster';
import { isJobsQueuedMessage } from '../processing/jobs-queued.js';
import { nextEndingsInARow, restartDelayMs } from './restart-backoff.js';

/**
 * Environment a child (a process the supervisor forks: a server process, or the processing
 * worker's) reads its part from. These are not settings: the supervisor sets them for its own
 * children (child.ts reads them), so they are not in the configuration schema (env-schema.ts),
 * which holds every variable an operator sets.
 */
export const CHILD_ENV = {
  role: 'VIDSHARE_PROCESS_ROLE',
  processes: 'VIDSHARE_PROCESSES',
  /** Set for the first leader only: a re-forked one must not sweep uploads others have open. */
  firstStart: 'VIDSHARE_FIRST_START',
} as const;

/** `processor`: the processing worker, which serves nothing and runs ffmpeg jobs. */
type Role = 'leader' | 'follower' | 'processor';

/** A child as the supervisor's log lines name it: "worker" is only ever the processing worker. */
export const childName = (pid: number | undefined, role: Role) =>
  role === 'processor' ? `processing worker process ${pid}` : `server process ${pid} (${role})`;

/**
 * V8 heap settings for each server process, unless the operator set them already (command
 * line or NODE_OPTIONS). A process's live heap is about 26 MB, but under load V8's defaults
 * let it reach 170–250 MB of resident memory: two 16 MB young-generation halves, and garbage
 * promoted by requests still in flight piling up in the old generation before a full
 * collection. Measured on the 100k-video bench, halving the young generation and capping the
 * old one (five times the live heap) kept each process near 120 MB at the same throughput.
 * Once identical reads were gathered on SQLite (db/gathered-reads.ts) a process answered
 * half again as many requests, and with 8 MB halves its resident memory reached 180 MB under
 * the bench's loads; 4 MB halves take 20–25 MB off at the same throughput.
 *
 * A lower ceiling keeps a process smaller on a fast machine (80 MB: about 135 MB instead of
 * 187 under the bench at 17,000 requests a second), but once a broad crawl fills the caches a
 * process keeps 63–75 MB live, and bursts of studio lists or sitemap pages then ended
 * processes on the 80 MB limit that 128 MB carried (docs/performance.md, 2026-11-29).
 *
 * Full collections are atomic rather than incremental. Every 64 KiB a request body brings
 * is a new buffer outside the JavaScript heap, and that memory growing made V8 start
 * incremental marking again and again: 25–50 full markings of the whole live heap per GiB
 * uploaded, which tripled a process's CPU per uploaded byte against a bare node:http server
 * (docs/performance.md, "Uploads"). Marked atomically, the same body costs a handful of
 * collections; with an old generation capped at 128 MB, each pause stays in the tens of
 * milliseconds.
 */
export const SERVER_HEAP_FLAGS = [
  '--max-semi-space-size=4',
  '--max-old-space-size=128',
  '--no-incremental-marking',
] as const;

/** A V8 flag's name, whichever spelling (`_` or `-`) or sense (`--no-`) it was given in. */
const flagName = (arg: string) =>
  arg
    .split('=')[0]!
    .replace(/_/g, '-')
    .replace(/^--no-/, '--');

/** The flags a forked server process starts with: ours, except where the operator chose. */
export function serverExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].map(flagName);
  const defaults = SERVER_HEAP_FLAGS.filter((flag) => !chosen.includes(flagName(flag)));
  return [...execArgv, ...defaults];
}

/**
 * glibc's malloc gives each thread that allocates an arena of its own, up to eight per core,
 * and keeps what they freed: a server process's libuv and V8 helper threads held about 10 MB
 * more resident memory in them under the bench's loads than with two arenas, at the same
 * throughput (docs/performance.md). So each child starts with two, unless the operator set
 * MALLOC_ARENA_MAX. It is read when a process starts, hence set here and not in the process.
 */
export const CHILD_MALLOC_ARENAS = '2';

/** What the supervisor adds to a child's environment for the allocator. */
export function allocatorEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return env.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: CHILD_MALLOC_ARENAS };
}

/** Beyond SHUTDOWN_TIMEOUT_MS, what a process gets to close its database and exit. */
const STOP_GRACE_MS = 5000;

/**
 * Supervises `processes` server processes sharing one port, and with `processor` a processing
 * worker process beside them, so ffmpeg never competes with requests inside a server process.
 * The leader starts alone (it migrates the database), the others once it listens. A process
 * that ends is started again in the same role after a delay that grows while it keeps ending
 * quickly (capped, with jitter; see restart-backoff.ts), and is never given up on: the others
 * go on serving meanwhile. Only a first start that fails (a configuration the leader refused,
 * a database that never answered, a port taken) stops the server. SIGINT and SIGTERM stop
 * them all, and this process exits when they have.
 */
export function runPrimary(options: {
  processes: number;
  exec: string;
  processor: boolean;
  /** SHUTDOWN_TIMEOUT_MS: how long each process may drain before it closes what is left. */
  shutdownTimeoutMs: number;
  /** METRICS_TOKEN is set: the processes serve `/metrics`. */
  metrics: boolean;
}): void {
  cluster.setupPrimary({
    exec: options.exec,
    // NODE_OPTIONS is Node's own variable, read here only to leave the operator's flags alone.
    execArgv: serverExecArgv(process.execArgv, process.env.NODE_OPTIONS),
  });
  if (options.metrics) {
    // `/metrics` on any process answers for the whole server, merged here.
    void import('../metrics/cluster-metrics.js').then((m) => m.answerMetricsRequests());
  }
  const roles = new Map<Child, { role: Role; startedAt: number }>();
  const endingsInARow = new Map<Role, number>();
  const pendingStarts = new Set<NodeJS.Timeout>();
  let leaderListening = false;
  let stopping = false;

  const fork = (role: Role, firstStart = false): Child => {
    const child = cluster.fork({
      ...allocatorEnv(process.env),
      [CHILD_ENV.role]: role,
      [CHILD_ENV.processes]: String(options.processes),
      [CHILD_ENV.firstStart]: firstStart ? '1' : '',
    });
    roles.set(child, { role, startedAt: Date.now() });
    // A message sent to a process that just ended fails here; unheard, it would end the
    // supervisor and every process with it. Its end is handled by 'exit'.
    child.on('error', (err: Error) =>
      console.error(`${childName(child.process.pid, role)}: ${err.message}`),
    );
    return child;
  };

  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    for (const timer of pendingStarts) clearTimeout(timer);
    pendingStarts.clear();
    if (roles.size === 0) process.exit(exitCode);
    for (const child of roles.keys()) child.process.kill('SIGTERM');
    // Each process ends itself once its drain deadline passes; one that still has not (stuck
    // in a native call) is killed, so stopping never leaves a process behind.
    setTimeout(() => {
      for (const [child, { role }] of roles) {
        console.error(`${childName(child.process.pid, role)} did not stop: killing it`);
        child.process.kill('SIGKILL');
      }
    }, options.shutdownTimeoutMs + STOP_GRACE_MS).unref();
  };

  cluster.on('exit', (child, code, signal) => {
    const { role, startedAt } = roles.get(child) ?? { role: 'follower', startedAt: 0 };
    roles.delete(child);
    if (stopping) {
      if (roles.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // The first leader could not start (configuration, database, port): it has said why, and
    // starting it again would fail the same way. Nothing else is running yet.
    if (!leaderListening) process.exit(code || 1);
    const lived = Date.now() - startedAt;
    const inARow = nextEndingsInARow(endingsInARow.get(role) ?? 0, lived);
    endingsInARow.set(role, inARow);
    const delay = restartDelayMs(inARow);
    console.error(
      `${childName(child.process.pid, role)} ended (${signal ?? `exit code ${code}`}) ` +
        `after ${seconds(lived)}; starting another in ${seconds(delay)}` +
        (inARow > 1 ? ` (${inARow} quick endings in a row)` : ''),
    );
    const timer = setTimeout(() => {
      pendingStarts.delete(timer);
      if (!stopping) fork(role);
    }, delay);
    pendingStarts.add(timer);
  });
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  // A server process queued jobs: its processing worker starts them now, not at its next poll.
  cluster.on('message', (from, message) => {
    if (!isJobsQueuedMessage(message)) return;
    for (const [child, { role }] of roles) {
      if (role === 'processor' && child.isConnected()) child.send(message);
    }
  });

  // The leader migrates the database before it listens; the others start after that.
  fork('leader', true).once('listening', () => {
    leaderListening = true;
    if (stopping) return;
    for (let i = 1; i < options.processes; i += 1) fork('follower');
    if (options.processor) fork('processor');
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
