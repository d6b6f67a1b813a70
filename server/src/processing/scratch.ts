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

/** Removes the scratch of this host's dead workers; answers the directories removed. */
export async function sweepDeadWorkers(
  root: string,
  alive: (pid: number) => boolean = processAlive,
  host = os.hostname(),
): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await fs.readdir(root).catch(() => [] as string[])) {
    const pid = scratchOwner(name, host);
    if (pid === undefined || pid === process.pid || alive(pid)) continue;
    await fs.rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
