import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_ENV } from '../src/process/primary.js';
import { oldNodeDir } from './helpers/old-node.js';
import { halfSentLogin } from './helpers/raw-http.js';
import {
  argumentsOf,
  childPids,
  environmentOf,
  freePort,
  json,
  request,
  until,
} from './helpers/processes.js';

/**
 * `npm start` as an operator runs it: built from this checkout, then stopped the way a
 * supervisor or a terminal stops it, and started wrong in the ways people start it wrong.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

interface Run {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step();
});

/** Every process under `pid`, deepest last (Linux /proc). */
function descendants(pid: number): number[] {
  const out: number[] = [];
  for (const child of childPids(pid)) out.push(child, ...descendants(child));
  return out;
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !isZombie(pid);
function isZombie(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

async function npm(
  args: string[],
  env: Record<string, string>,
  opts: { pathFirst?: string } = {},
): Promise<Run> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-npm-start-'));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn('npm', args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: opts.pathFirst ? `${opts.pathFirst}:${process.env.PATH}` : process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  cleanup.push(() => {
    for (const pid of [...descendants(child.pid!), child.pid!].reverse()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { child, port, dataDir, output: () => output, exited };
}

const ready = (port: number) =>
  request(port, { path: '/api/v1/health/ready' }).catch(() => undefined);

async function startReady(env: Record<string, string> = {}): Promise<Run> {
  const run = await npm(['start'], env);
  await until('npm start to serve', async () => (await ready(run.port))?.status === 200, {
    timeoutMs: 240_000,
    alive: [run.child],
  });
  return run;
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

beforeAll(async () => {
  // The first `npm start` here may build the web app and the server; later ones reuse that.
  const run = await startReady({ SERVER_PROCESSES: '1', EMBEDDED_WORKER: 'false' });
  run.child.kill('SIGTERM');
  await run.exited;
}, 300_000);

describe('stopping npm start', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the npm process drains requests in flight, then leaves no process and no listener`, async () => {
      // The default shape: two server processes and the processing worker under a supervisor.
      const run = await startReady({ SERVER_PROCESSES: '2', LOG_LEVEL: 'info' });
      // The processing worker is forked once the leader listens.
      const tree = await until('the whole process tree', () => {
        const pids = descendants(run.child.pid!);
        // npm → node (start.mjs, the supervisor) → two servers and the worker.
        return pids.length >= 4 && pids;
      });
      const login = halfSentLogin(run.port);
      // A server process has read its head: the request is in flight when the signal comes.
      await login.inFlight;

      run.child.kill(signal);
      await until('the server to stop taking connections', () => refused(run.port));
      // The request that was in flight is still answered by its route.
      login.finish();
      expect(await login.closed).toMatch(/^HTTP\/1\.1 401 /);

      const { code, signal: endedBy } = await run.exited;
      // npm reports the signal it passed on, as for any script a signal stopped.
      expect(code === 0 || endedBy === signal || code === 128 + os.constants.signals[signal]).toBe(
        true,
      );
      // npm waited for its script: by the time it ends, nothing it started is left.
      expect(tree.filter(alive)).toEqual([]);
      expect(await refused(run.port)).toBe(true);
      // Every server process drained (the supervisor passes the stop on as SIGTERM).
      expect(run.output()).toMatch(/received: draining requests in flight/);
      // Without SMTP_URL, the leader says once, after it serves, what mail would have done.
      const output = run.output();
      expect(output.split('SMTP_URL is not set: no email is sent.').length - 1).toBe(1);
      expect(output.indexOf('SMTP_URL is not set')).toBeGreaterThan(
        output.indexOf('Vidshare is serving on'),
      );
    }, 300_000);
  }

  it('stops the server when npm itself is killed outright', async () => {
    const run = await startReady({ SERVER_PROCESSES: '1', EMBEDDED_WORKER: 'false' });
    const tree = descendants(run.child.pid!);
    run.child.kill('SIGKILL');
    await until('every process npm started to end', () => tree.every((pid) => !alive(pid)), {
      timeoutMs: 20_000,
    });
    expect(await refused(run.port)).toBe(true);
  }, 300_000);
});

describe('what the supervisor gives its children', () => {
  /** The supervisor's children: the processes it gave a role. */
  async function children(run: Run, count: number): Promise<number[]> {
    return until(`${count} processes under the supervisor`, () => {
      const pids = descendants(run.child.pid!).filter(
        (pid) => environmentOf(pid)[CHILD_ENV.role] !== undefined,
      );
      return pids.length === count && pids;
    });
  }

  it('starts every child with two malloc arenas and the heap settings', async () => {
    const run = await startReady({ SERVER_PROCESSES: '2' });
    // Two server processes and the processing worker.
    const pids = await children(run, 3);
    for (const pid of pids) {
      expect(environmentOf(pid).MALLOC_ARENA_MAX).toBe('2');
      expect(argumentsOf(pid)).toContain('--max-old-space-size=128');
    }
  }, 300_000);

  it('leaves an arena count the operator chose', async () => {
    const run = await startReady({
      SERVER_PROCESSES: '2',
      EMBEDDED_WORKER: 'false',
      MALLOC_ARENA_MAX: '3',
    });
    for (const pid of await children(run, 2)) {
      expect(environmentOf(pid).MALLOC_ARENA_MAX).toBe('3');
    }
  }, 300_000);
});

describe('starting npm start wrong', () => {
  it('on an older Node, says which Node it needs and how to get it, before building anything', async () => {
    const old = oldNodeDir();
    for (const script of ['start', 'build']) {
      const run = await npm(
        [script === 'start' ? 'start' : 'run', ...(script === 'start' ? [] : ['build'])],
        {},
        { pathFirst: old },
      );
      const { code } = await run.exited;
      expect(code).not.toBe(0);
      const lines = run
        .output()
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('>') && !l.startsWith('npm '));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Vidshare needs Node\.js 22\.12 or newer; this is Node\.js 2\d\./);
      expect(lines[0]).toContain('scripts/node24.sh');
      // `npm run build` always builds: it stopped before.
      expect(run.output()).not.toContain('build:web');
    }
  }, 300_000);

  it('on a port another program holds, says so in one line naming the port', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => holder.close());
    const port = (holder.address() as net.AddressInfo).port;
    // One process on its own, and the supervised shape, where the leader finds the port taken.
    for (const env of [
      { SERVER_PROCESSES: '1', EMBEDDED_WORKER: 'false' } as Record<string, string>,
      { SERVER_PROCESSES: '2' },
    ]) {
      const run = await npm(['start'], { ...env, PORT: String(port) });
      const { code } = await run.exited;
      expect(code).not.toBe(0);
      const said = run
        .output()
        .split('\n')
        .filter(
          (l) =>
            l.trim() &&
            !l.startsWith('>') &&
            !l.startsWith('npm ') &&
            !l.includes('built from the current sources'),
        );
      expect(said).toEqual([
        `Port ${port} is already in use on 127.0.0.1: another program listens there. Stop it, or set PORT to a free port.`,
      ]);
    }
  }, 120_000);

  it('on a DATA_DIR it cannot write, says so in one line naming the directory', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-not-a-dir-')), 'data');
    fs.writeFileSync(file, 'a file, not a directory');
    cleanup.push(() => fs.rmSync(path.dirname(file), { recursive: true, force: true }));
    for (const dataDir of [file, path.join(file, 'below')]) {
      const run = await npm(['start'], { SERVER_PROCESSES: '1', DATA_DIR: dataDir });
      const { code } = await run.exited;
      expect(code).not.toBe(0);
      const said = run
        .output()
        .split('\n')
        .filter(
          (l) =>
            l.trim() &&
            !l.startsWith('>') &&
            !l.startsWith('npm ') &&
            !l.includes('built from the current sources'),
        );
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(
        new RegExp(
          `^DATA_DIR ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a directory this user \\(uid \\d+\\) can write \\((EEXIST|ENOTDIR)\\): make it writable`,
        ),
      );
    }
  }, 120_000);
});

/** What a run said itself, without npm's banner and the build's note. */
const saidLines = (run: Run) =>
  run
    .output()
    .split('\n')
    .filter(
      (l) =>
        l.trim() &&
        !l.startsWith('>') &&
        !l.startsWith('npm ') &&
        !l.includes('built from the current sources'),
    );

describe('the media tools', () => {
  it('stops at start, in one line naming FFMPEG_PATH and its path, when ffmpeg cannot run', async () => {
    // The server with its processing worker, and a processing worker alone (`npm run worker`).
    for (const args of [['start'], ['run', 'worker']]) {
      const run = await npm(args, { SERVER_PROCESSES: '1', FFMPEG_PATH: '/nonexistent/ffmpeg' });
      const { code } = await run.exited;
      expect(code).not.toBe(0);
      expect(saidLines(run)).toEqual([
        'FFMPEG_PATH=/nonexistent/ffmpeg cannot run: ENOENT: point FFMPEG_PATH at a working ' +
          'ffmpeg binary, or unset it to use the one found by default.',
      ]);
    }
  }, 120_000);

  it('stops at start naming FFPROBE_PATH when ffprobe cannot run, though processing runs elsewhere', async () => {
    const run = await npm(['start'], {
      SERVER_PROCESSES: '2',
      EMBEDDED_WORKER: 'false',
      FFPROBE_PATH: '/dev/null',
    });
    const { code } = await run.exited;
    expect(code).not.toBe(0);
    expect(saidLines(run)).toEqual([
      'FFPROBE_PATH=/dev/null cannot run: EACCES: point FFPROBE_PATH at a working ffprobe ' +
        'binary, or unset it to use the one found by default.',
    ]);
  }, 120_000);

  it('answers readiness 503 naming ffmpeg once it stops running after the start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-ffmpeg-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const ffmpeg = path.join(dir, 'ffmpeg');
    fs.writeFileSync(ffmpeg, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const run = await npm(['start'], { SERVER_PROCESSES: '1', FFMPEG_PATH: ffmpeg });
    await until(
      'the server to listen',
      async () =>
        (await request(run.port, { path: '/api/v1/health/live' }).catch(() => undefined))
          ?.status === 200,
      { timeoutMs: 60_000, alive: [run.child] },
    );
    // Removed under the running server (an upgrade of the system's ffmpeg gone wrong).
    fs.rmSync(ffmpeg);
    const answer = await until('readiness', async () => (await ready(run.port)) ?? false, {
      timeoutMs: 60_000,
      alive: [run.child],
    });
    expect(answer.status).toBe(503);
    expect(json(answer)).toMatchObject({
      success: false,
      message: 'Not ready: ffmpeg.',
      errors: [{ field: 'ffmpeg', message: `ffmpeg (${ffmpeg}) cannot run: ENOENT.` }],
    });
    run.child.kill('SIGTERM');
    await run.exited;
  }, 120_000);

  it('does not check ffmpeg where processing runs elsewhere', async () => {
    const run = await npm(['start'], {
      SERVER_PROCESSES: '1',
      EMBEDDED_WORKER: 'false',
      FFMPEG_PATH: '/nonexistent/ffmpeg',
    });
    const answer = await until('readiness', async () => (await ready(run.port)) ?? false, {
      timeoutMs: 60_000,
      alive: [run.child],
    });
    expect(answer.status).toBe(200);
    expect(json(answer).data.checks).toEqual({
      database: 'ok',
      storage: 'ok',
      migrations: 'ok',
      ffprobe: 'ok',
    });
    run.child.kill('SIGTERM');
    await run.exited;
  }, 120_000);
});
