import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTART_BACKOFF } from '../src/process/restart-backoff.js';
import { childPids, freePort, request, serverEnv, until } from './helpers/processes.js';

/**
 * The real supervisor (`server/src/main.ts`, two server processes) with one of its processes
 * killed again and again: it is started again every time, later each time, while the other
 * goes on serving, and the supervisor never gives up. Supervision does not depend on the
 * database, so this runs on SQLite in both suites.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

function roleOf(pid: number): string | undefined {
  try {
    const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return env.find((e) => e.startsWith('VIDSHARE_PROCESS_ROLE='))?.split('=')[1];
  } catch {
    return undefined;
  }
}

/**
 * An answer from whichever process takes the connection. A connection handed to a process in
 * the instant it is killed goes unanswered; a client tries again, and so does this.
 */
async function served(pathname: string): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return (await request(port, { path: pathname, timeoutMs: 2000 })).status;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}

const withRole = (role: string) => childPids(supervisor.pid!).filter((p) => roleOf(p) === role);

let supervisor: ChildProcess;
let port: number;
let dataDir: string;
let stderr = '';
/** When the latest follower was first seen. */
let followerAppearedAt = 0;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-restarts-'));
  port = await freePort();
  supervisor = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: serverEnv({ port, dataDir }, { SERVER_PROCESSES: '2', EMBEDDED_WORKER: 'false' }),
  });
  supervisor.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  await until(
    'a leader and a follower serving',
    async () =>
      withRole('leader').length === 1 &&
      withRole('follower').length === 1 &&
      request(port, { path: '/api/v1/health/ready' }).then(
        (r) => r.status === 200,
        () => false,
      ),
    { timeoutMs: 80_000, alive: [supervisor] },
  );
}, 90_000);

afterAll(async () => {
  if (supervisor.exitCode === null) {
    const exited = new Promise((resolve) => supervisor.once('exit', resolve));
    supervisor.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The delays the supervisor announced, in order ("starting another in 0.4 s"). */
const announcedDelaysMs = () =>
  [
    ...stderr.matchAll(
      /\(follower\) ended \(SIGKILL\) after [\d.]+ s; starting another in ([\d.]+) s/g,
    ),
  ].map((m) => Number(m[1]) * 1000);

describe('a process killed again and again', () => {
  it('is started again every time, later each time, while the other keeps serving', async () => {
    const KILLS = 7;
    for (let i = 0; i < KILLS; i += 1) {
      const [follower] = withRole('follower');
      expect(follower, `follower before kill ${i + 1}`).toBeDefined();
      process.kill(follower!, 'SIGKILL');
      // The leader answers while the follower is away.
      expect(await served('/api/v1/users/check-session')).toBe(200);
      await until(
        `follower ${i + 1} started again`,
        () => {
          const now = withRole('follower');
          return now.length === 1 && now[0] !== follower;
        },
        { timeoutMs: RESTART_BACKOFF.maxMs + 20_000, alive: [supervisor], everyMs: 20 },
      );
      followerAppearedAt = Date.now();
    }
    const delays = announcedDelaysMs();
    expect(delays).toHaveLength(KILLS);
    // Each quick ending in a row waits twice as long as the one before, give or take jitter.
    delays.forEach((delay, i) => {
      const step = Math.min(RESTART_BACKOFF.maxMs, RESTART_BACKOFF.firstMs * 2 ** i);
      expect(delay, `delay ${i + 1}`).toBeGreaterThanOrEqual(step / 2 - 100);
      expect(delay, `delay ${i + 1}`).toBeLessThanOrEqual(step + 100);
    });
    expect(stderr).toContain('(7 quick endings in a row)');
    expect(stderr).not.toMatch(/stopping/);
    expect(supervisor.exitCode).toBeNull();
    await until('both processes serving again', async () => {
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => served('/api/v1/users/check-session')),
      );
      return answers.every((status) => status === 200);
    });
  }, 120_000);

  it('starts a killed leader again too, and the server keeps serving', async () => {
    // Killed only once the new follower serves (an answer from a process younger than it):
    // with no process listening, the port would close until the leader is back.
    await until('the new follower serving', async () => {
      const live = await request(port, { path: '/api/v1/health/live', timeoutMs: 2000 });
      const youngest = (Date.now() - followerAppearedAt) / 1000 + 1;
      return JSON.parse(live.body).data.uptimeSeconds < youngest;
    });
    const [leader] = withRole('leader');
    process.kill(leader!, 'SIGKILL');
    expect(await served('/api/v1/users/check-session')).toBe(200);
    await until(
      'a new leader',
      () => {
        const now = withRole('leader');
        return now.length === 1 && now[0] !== leader;
      },
      { timeoutMs: 60_000, alive: [supervisor] },
    );
    await until('the new leader ready', async () => (await served('/api/v1/health/ready')) === 200);
    expect(stderr).toMatch(/\(leader\) ended \(SIGKILL\)/);
  }, 90_000);
});
