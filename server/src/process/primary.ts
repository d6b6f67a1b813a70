import cluster, { type Worker } from 'node:cluster';

/** Environment a forked server process reads its part from. */
export const WORKER_ENV = {
  role: 'VIDSHARE_PROCESS_ROLE',
  processes: 'VIDSHARE_PROCESSES',
  /** Set for the first leader only: a re-forked one must not sweep uploads others have open. */
  firstStart: 'VIDSHARE_FIRST_START',
} as const;

/** `processor`: the processing worker, which serves nothing and runs ffmpeg jobs. */
type Role = 'leader' | 'follower' | 'processor';

/**
 * V8 heap settings for each server process, unless the operator set them already (command
 * line or NODE_OPTIONS). A process's live heap is about 26 MB, but under load V8's defaults
 * let it reach 170–250 MB of resident memory: two 16 MB young-generation halves, and garbage
 * promoted by requests still in flight piling up in the old generation before a full
 * collection. Measured on the 100k-video bench, halving the young generation and capping the
 * old one (five times the live heap) keep each process near 120 MB at the same throughput.
 */
export const SERVER_HEAP_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=128'] as const;

/** The flags a forked server process starts with: ours, except where the operator chose. */
export function serverExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].map((a) =>
    a.split('=')[0]!.replace(/_/g, '-'),
  );
  const defaults = SERVER_HEAP_FLAGS.filter((flag) => !chosen.includes(flag.split('=')[0]!));
  return [...execArgv, ...defaults];
}

// A process that keeps dying right after start would otherwise be re-forked forever.
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS_PER_WINDOW = 5;
/** Beyond SHUTDOWN_TIMEOUT_MS, what a process gets to close its database and exit. */
const STOP_GRACE_MS = 5000;

/**
 * Supervises `processes` server processes sharing one port, and with `processor` a processing
 * worker process beside them, so ffmpeg never competes with requests inside a server process.
 * The leader starts alone (it migrates the database), the others once it listens; a process
 * that dies is replaced in the same role. SIGINT and SIGTERM stop them all, and this process
 * exits when they have.
 */
export function runPrimary(options: {
  processes: number;
  exec: string;
  processor: boolean;
  /** SHUTDOWN_TIMEOUT_MS: how long each process may drain before it closes what is left. */
  shutdownTimeoutMs: number;
}): void {
  cluster.setupPrimary({
    exec: options.exec,
    execArgv: serverExecArgv(process.execArgv, process.env.NODE_OPTIONS),
  });
  if (process.env.METRICS_TOKEN) {
    // `/metrics` on any process answers for the whole server, merged here.
    void import('../metrics/cluster-metrics.js').then((m) => m.answerMetricsRequests());
  }
  const roles = new Map<Worker, Role>();
  const restarts: number[] = [];
  let leaderListening = false;
  let stopping = false;

  const fork = (role: Role, firstStart = false): Worker => {
    const worker = cluster.fork({
      [WORKER_ENV.role]: role,
      [WORKER_ENV.processes]: String(options.processes),
      [WORKER_ENV.firstStart]: firstStart ? '1' : '',
    });
    roles.set(worker, role);
    return worker;
  };

  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    if (roles.size === 0) process.exit(exitCode);
    for (const worker of roles.keys()) worker.process.kill('SIGTERM');
    // Each process ends itself once its drain deadline passes; one that still has not (stuck
    // in a native call) is killed, so stopping never leaves a process behind.
    setTimeout(() => {
      for (const worker of roles.keys()) {
        console.error(`server process ${worker.process.pid} did not stop: killing it`);
        worker.process.kill('SIGKILL');
      }
    }, options.shutdownTimeoutMs + STOP_GRACE_MS).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    const role = roles.get(worker) ?? 'follower';
    roles.delete(worker);
    if (stopping) {
      if (roles.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // The leader could not start (configuration, database, port): it has said why.
    if (!leaderListening) process.exit(code || 1);
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    console.error(
      `server process ${worker.process.pid} (${role}) ended (${signal ?? `exit code ${code}`})`,
    );
    if (restarts.length > MAX_RESTARTS_PER_WINDOW) {
      console.error('server processes keep ending; stopping');
      stopAll(1);
      return;
    }
    fork(role);
  });
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));

  // The leader migrates the database before it listens; the others start after that.
  fork('leader', true).once('listening', () => {
    leaderListening = true;
    if (stopping) return;
    for (let i = 1; i < options.processes; i += 1) fork('follower');
    if (options.processor) fork('processor');
  });
}
