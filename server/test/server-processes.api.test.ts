import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage, uniqueUser } from './helpers/fixtures.js';
import { uploadFields } from './helpers/media.js';
import { childPids, freePort, request, serverEnv, until } from './helpers/processes.js';
import { publishOn, signInOn } from './helpers/served.js';

/**
 * The real entry point (`server/src/main.ts`) with two server processes under its supervisor.
 * Process supervision does not depend on the database, so this runs on SQLite in both suites.
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

/** The server processes (leader and followers). */
function serverProcesses(pid: number): number[] {
  return childPids(pid).filter((c) => roleOf(c) !== 'processor');
}

/** The process the processing worker runs in. */
function processors(pid: number): number[] {
  return childPids(pid).filter((c) => roleOf(c) === 'processor');
}

/** `server/src/main.ts` with two server processes on `port`, its errors to `stderr`. */
function startMain(
  port: number,
  dataDir: string,
  stderr: 'inherit' | 'pipe',
  env: Record<string, string> = {},
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', stderr],
    env: serverEnv({ port, dataDir }, { SERVER_PROCESSES: '2', METRICS_TOKEN, ...env }),
  });
}

const METRICS_TOKEN = 'processes-metrics-token-0123';
let server: ChildProcess;
let port: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-processes-'));
  port = await freePort();
  server = startMain(port, dataDir, 'inherit');
  await until(
    'both server processes and the processing worker',
    async () => {
      if (serverProcesses(server.pid!).length !== 2 || processors(server.pid!).length !== 1)
        return false;
      return request(port, { path: '/api/v1/users/check-session' }).then(
        (r) => r.status === 200,
        () => false,
      );
      // Starting from source (tsx) takes long on a machine busy with other suites' files.
    },
    { timeoutMs: 80_000 },
  );
}, 90_000);

afterAll(async () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function mapsLibrary(pid: number, pattern: RegExp): boolean {
  return pattern.test(fs.readFileSync(`/proc/${pid}/maps`, 'utf8'));
}

describe('serving from several processes', () => {
  it('starts without the image and password libraries, which only uploads and sign-ins need', () => {
    for (const pid of serverProcesses(server.pid!)) {
      expect(mapsLibrary(pid, /libvips/)).toBe(false);
      expect(mapsLibrary(pid, /argon2/)).toBe(false);
    }
  });

  it('shares sign-ins between the processes through the database', async () => {
    const fields = uniqueUser('procs');
    const form = multipart({ ...fields, avatar: await pngImage() });
    const reg = await request(port, {
      method: 'POST',
      path: '/api/v1/users/register',
      headers: form.headers,
      body: form.payload,
    });
    expect(reg.status).toBe(201);
    const login = await request(port, {
      method: 'POST',
      path: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ username: fields.username, password: fields.password })),
    });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
    // Fresh connections alternate between the two processes.
    for (let i = 0; i < 6; i += 1) {
      const check = await request(port, {
        path: '/api/v1/users/check-session',
        headers: { cookie },
      });
      expect(JSON.parse(check.body)).toMatchObject({ isAuthenticated: true });
    }
  });

  it('answers /metrics for the whole server, merged across its processes', async () => {
    const scrape = () =>
      request(port, { path: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    // While a process still starts (from source, on a busy machine, the processing worker may
    // take many seconds), a scrape is told to come back rather than given a part.
    const before = await until(
      'every process answering for metrics',
      async () => {
        const res = await scrape();
        if (res.status === 503) expect(res.headers['retry-after']).toBe('5');
        else expect(res.status).toBe(200);
        return res.status === 200 ? res : undefined;
      },
      { timeoutMs: 80_000 },
    );
    const count = (text: string) =>
      Number(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health\/live",status_code="200"\} (\d+)/.exec(
          text,
        )?.[1] ?? 0,
      );
    // Fresh connections alternate between the processes: each serves some of these.
    for (let i = 0; i < 8; i += 1) await request(port, { path: '/api/v1/health/live' });
    const after = await request(port, {
      path: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(after.status).toBe(200);
    expect(count(after.body) - count(before.body)).toBe(8);
    // One merged series per metric, not one per process.
    expect(after.body.match(/^process_resident_memory_bytes /gm)).toHaveLength(1);
  }, 90_000);

  it('adds the processing worker’s job durations and the queue to the merged /metrics', async () => {
    const cookie = await signInOn(port, 'metered');
    const id = await publishOn(port, cookie, await uploadFields());
    await until(
      'the worker process to finish the upload',
      async () => {
        const res = await request(port, {
          path: `/api/v1/videos/vid-id/${id}`,
          headers: { cookie },
        });
        return JSON.parse(res.body).data.status === 'ready';
      },
      { timeoutMs: 80_000 },
    );
    const text = (
      await request(port, {
        path: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).body;
    // Its playable job, then its ladder.
    expect(text).toMatch(/^processing_job_duration_seconds_count\{outcome="done"\} 2$/m);
    // Read from the shared table by each server process, shown once.
    expect(text.match(/^processing_jobs\{state="queued"\} 0$/gm)).toHaveLength(1);
  }, 90_000);

  it('replaces a process that dies, and keeps serving meanwhile', async () => {
    const before = serverProcesses(server.pid!);
    process.kill(before[1]!, 'SIGKILL');
    const after = await until('a replacement process', () => {
      const now = serverProcesses(server.pid!);
      return now.length === 2 && !now.includes(before[1]!) ? now : undefined;
    });
    expect(after).toContain(before[0]);
    await until('answers from both processes', async () => {
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => request(port, { path: '/api/v1/users/check-session' })),
      );
      return answers.every((a) => a.status === 200);
    });
  });

  it('runs a processing worker process beside them, replaced when it dies', async () => {
    const [processor] = processors(server.pid!);
    expect(processor).toBeDefined();
    // It serves nothing: the two server processes are still the ones answering.
    process.kill(processor!, 'SIGKILL');
    await until('a replacement processing worker', async () => {
      const now = processors(server.pid!);
      return now.length === 1 && now[0] !== processor;
    });
    expect(serverProcesses(server.pid!)).toHaveLength(2);
  });

  it('stops every process on SIGTERM and exits cleanly', async () => {
    const all = childPids(server.pid!);
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of all) {
      expect(fs.existsSync(`/proc/${pid}`) && !isZombie(pid)).toBe(false);
    }
  });
});

function isZombie(pid: number): boolean {
  try {
    return / Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

describe('a server that cannot start', () => {
  it('exits with an error instead of starting processes again and again', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const busyPort = typeof address === 'object' && address ? address.port : 0;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-busy-'));
    try {
      const child = startMain(busyPort, dir, 'pipe');
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).not.toBe(0);
      // One line naming the port, no stack (npm-start.api.test.ts checks the whole line).
      expect(stderr).toContain(`Port ${busyPort} is already in use`);
      expect(stderr).not.toMatch(/\n\s+at /);
      // Given up at once: no process was started again to fail the same way.
      expect(stderr).not.toMatch(/server process \d+ \(leader\) ended/);
    } finally {
      taken.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Starting from source (tsx) is slow on a machine busy with other suites.
  }, 90_000);
});

describe('a configuration the server refuses', () => {
  it('stops before forking, listing every problem in plain words without a stack', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-config-'));
    try {
      const child = startMain(await freePort(), dir, 'pipe', {
        SESSION_TTL_DAYS: '0',
        TRUST_PROXY: 'yes',
      });
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('Invalid configuration:');
      expect(stderr).toContain('- TRUST_PROXY must be true, false, or a comma-separated list');
      expect(stderr).toContain('- SESSION_TTL_DAYS must be a whole number from 1 to 3650');
      expect(stderr).not.toMatch(/\n\s+at /);
      // Nothing was started: no database file was created.
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
