import fs from 'node:fs';

/** Readers of /proc for the bench: a process tree's CPU time and memory. */

/**
 * A process and every process below it: `npm start` serves from several processes (one per
 * core) under a supervisor, so the server's CPU and memory are those of the whole tree.
 */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    try {
      const children = fs.readFileSync(`/proc/${tree[i]}/task/${tree[i]}/children`, 'utf8');
      for (const child of children.split(' ').filter(Boolean)) tree.push(Number(child));
    } catch {
      // Gone meanwhile.
    }
  }
  return tree;
}

function statusKb(file: string, field: string): number {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export interface TreeMemory {
  /** Sum of VmRSS: pages shared between the processes (the Node binary) count once each. */
  rssMb: number;
  /** Sum of PSS: shared pages split between the processes that map them, so counted once. */
  pssMb: number;
  processes: number;
  /** The largest PSS of one process of each role (see roleOf), in MB. */
  byRole: Partial<Record<ProcessRole, number>>;
}

/** What a process of the server's tree is: `npm start`'s supervisor forks the others. */
export type ProcessRole = 'supervisor' | 'http' | 'processing' | 'other';

/**
 * The role the supervisor gave a process (VIDSHARE_PROCESS_ROLE in its environment). The root
 * is the supervisor when it has processes under it; alone, it serves HTTP itself (one process,
 * processing elsewhere: server/src/main.ts).
 */
function roleOf(pid: number, root: number, alone: boolean): ProcessRole {
  if (pid === root) return alone ? 'http' : 'supervisor';
  try {
    const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    const role = env.find((e) => e.startsWith('VIDSHARE_PROCESS_ROLE='))?.split('=')[1];
    if (role === 'leader' || role === 'follower') return 'http';
    if (role === 'processor') return 'processing';
  } catch {
    // Gone meanwhile.
  }
  return 'other';
}

/** Memory of a live process tree, in MB; zeros once it has gone. */
export function treeMemory(pid: number): TreeMemory {
  const pids = processTree(pid);
  let rss = 0;
  let pss = 0;
  const byRole: TreeMemory['byRole'] = {};
  for (const p of pids) {
    rss += statusKb(`/proc/${p}/status`, 'VmRSS');
    const own = statusKb(`/proc/${p}/smaps_rollup`, 'Pss');
    pss += own;
    const role = roleOf(p, pid, pids.length === 1);
    byRole[role] = Math.max(byRole[role] ?? 0, own / 1024);
  }
  return { rssMb: rss / 1024, pssMb: pss / 1024, processes: pids.length, byRole };
}

/** The larger of two per-role peaks, role by role. */
export function maxByRole(a: TreeMemory['byRole'], b: TreeMemory['byRole']): TreeMemory['byRole'] {
  const out = { ...a };
  for (const [role, mb] of Object.entries(b) as [ProcessRole, number][]) {
    out[role] = Math.max(out[role] ?? 0, mb);
  }
  return out;
}

// USER_HZ, the unit of /proc/<pid>/stat times: 100 on every Linux architecture Node runs on.
const CLOCK_TICKS = 100;

/** CPU time a live process tree has used (user + system, all threads), in ms. */
export function cpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may contain spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}
