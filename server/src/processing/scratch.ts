import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Processing scratch lives under `root`, one directory per worker process named by host and
 * pid. A worker killed with kill -9 cleans nothing up; the next worker to start on the same host
 * removes the directories of processes that no longer exist there. The host name keeps one
 * host (or container) from judging another's pids when several share a data directory.
 */
export function workerScratchDir(root: string, host = os.hostname(), pid = process.pid): string {
  return path.join(root, `${safeHost(host)}-${pid}`);
}

function safeHost(host: string): string {
  return host.replace(/[^a-zA-Z0-9.-]/g, '_') || 'host';
}

/** The pid a scratch directory belongs to when it is this host's, else undefined. */
export function scratchOwner(name: string, host = os.hostname()): number | undefined {
  const prefix = `${safeHost(host)}-`;
  if (!name.startsWith(prefix)) return undefined;
  const rest = name.slice(prefix.length);
  return /^[1-9][0-9]*$/.test(rest) ? Number(rest) : undefined;
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, as another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * This host's processes whose command line names `dir` or a path inside it, read from Linux's
 * /proc (none where there is no /proc). An ffmpeg a killed worker started is one: nothing
 * stops it when its parent dies, and its arguments are paths in that worker's scratch.
 */
export async function processesWorkingIn(dir: string, procRoot = '/proc'): Promise<number[]> {
  const inside = `${dir}${path.sep}`;
  const found: number[] = [];
  for (const entry of await fs.readdir(procRoot).catch(() => [] as string[])) {
    if (!/^[1-9][0-9]*$/.test(entry)) continue;
    // Gone since the listing, or not ours to read: either way not one to stop.
    const cmdline = await fs
      .readFile(path.join(procRoot, entry, 'cmdline'), 'utf8')
      .catch(() => '');
    // ffmpeg's paths are given as file: URLs (see step-args.ts).
    const paths = cmdline.split('\0').map((a) => (a.startsWith('file:') ? a.slice(5) : a));
    if (paths.some((p) => p === dir || p.startsWith(inside))) found.push(Number(entry));
  }
  return found;
}

/** Kills what still works in a dead worker's scratch (see processesWorkingIn). */
export async function stopProcessesIn(dir: string): Promise<void> {
  for (const pid of await processesWorkingIn(dir)) {
    if (pid === process.pid) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Exited meanwhile, or another user's: nothing of ours to stop.
    }
  }
}

/**
 * Removes the scratch of this host's dead workers, after stopping whatever they started that
 * still runs in it; answers the directories removed.
 */
export async function sweepDeadWorkers(
  root: string,
  alive: (pid: number) => boolean = processAlive,
  host = os.hostname(),
  stopStrays: (dir: string) => Promise<void> = stopProcessesIn,
): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await fs.readdir(root).catch(() => [] as string[])) {
    const pid = scratchOwner(name, host);
    if (pid === undefined || pid === process.pid || alive(pid)) continue;
    const dir = path.join(root, name);
    await stopStrays(dir);
    await fs.rm(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
