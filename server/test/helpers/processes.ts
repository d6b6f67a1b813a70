import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** For tests that start the real entry points as processes and talk to them over loopback. */

/**
 * The environment of a command started from source for a test: PATH and HOME, nothing else of
 * the test's own (a variable set where the suite runs must not change what it checks), and `env`.
 */
export function commandEnv(env: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
}

/**
 * The environment of a server or worker started from source for a test: loopback, no web
 * build, warnings only, its data directory and port, and the suite's PostgreSQL when there is
 * one. `extra` comes last, so it may change any of them.
 */
export function serverEnv(
  where: { port?: number; dataDir?: string; databaseUrl?: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return commandEnv({
    HOST: '127.0.0.1',
    WEB_DIST_DIR: '',
    LOG_LEVEL: 'warn',
    ...(where.port !== undefined ? { PORT: String(where.port) } : {}),
    ...(where.dataDir !== undefined ? { DATA_DIR: where.dataDir } : {}),
    ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
    ...extra,
  });
}

/** A loopback port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', reject);
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent. */
  bytes: Buffer;
  /** The body as UTF-8 text. */
  body: string;
}

/** An answer read whole. */
export function answerOf(res: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (d: Buffer) => chunks.push(d));
    res.on('error', reject);
    res.on('end', () => {
      const bytes = Buffer.concat(chunks);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        bytes,
        body: bytes.toString('utf8'),
      });
    });
  });
}

/** One request on a connection of its own, so a cluster's round-robin may hand it to any process. */
export function request(
  port: number,
  opts: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer;
    /** Fails the request when no whole answer came within this (no limit when unset). */
    timeoutMs?: number;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: opts.headers,
        agent: false,
      },
      (res) => answerOf(res).then(resolve, reject),
    );
    req.on('error', reject);
    if (opts.timeoutMs !== undefined) {
      req.setTimeout(opts.timeoutMs, () =>
        req.destroy(new Error(`no answer in ${opts.timeoutMs} ms`)),
      );
    }
    req.end(opts.body);
  });
}

export const json = (a: Answer) => JSON.parse(a.body);

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Polls `probe` until it answers something truthy, and answers that. Fails at `timeoutMs`, or
 * at once when one of `alive` exits, since what it was waiting for then never comes.
 */
export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  opts: { timeoutMs?: number; everyMs?: number; alive?: readonly ChildProcess[] } = {},
): Promise<Truthy<T>> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const dead = opts.alive?.find((p) => p.exitCode !== null || p.signalCode !== null);
    if (dead) {
      throw new Error(
        `a process exited (${dead.exitCode ?? dead.signalCode}) while waiting for ${what}`,
      );
    }
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 100));
  }
}

/** A process's direct children (Linux /proc), none when it is gone. */
export function childPids(pid: number): number[] {
  try {
    const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return text.split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** A process's command name (Linux /proc), undefined when it is gone. */
export function commandOf(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** A process's arguments, its command first (Linux /proc), none when it is gone. */
export function argumentsOf(pid: number): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** A process's environment (Linux /proc), empty when it is gone. */
export function environmentOf(pid: number): Record<string, string> {
  try {
    const pairs = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
    return Object.fromEntries(
      pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
    );
  } catch {
    return {};
  }
}
