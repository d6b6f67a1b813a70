import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, json, request, serverEnv, until } from './helpers/processes.js';
import { freshDatabase } from './helpers/test-app.js';

/**
 * A real server process whose test-only routes throw from places Fastify's error handling
 * cannot see: a request body's stream listener, a timer, a promise nobody awaited, and a timer
 * firing after the answer went out. Each ends its own request (500 in the error envelope, or
 * its connection closed), and the process goes on serving everyone else.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

let child: ChildProcess;
let port: number;
let dataDir: string;
let drop: () => Promise<void>;
let output = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-faults-'));
  const database = await freshDatabase(dataDir);
  await database.handle.close();
  drop = database.drop;
  port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'server/test/helpers/faulty-server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv(
      { port, dataDir, databaseUrl: database.databaseUrl },
      { LOG_LEVEL: 'error', SLOW_MS: '1500' },
    ),
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await until(
    'the server listening',
    () =>
      request(port, { path: '/api/v1/health/live' }).then(
        (r) => r.status === 200,
        () => false,
      ),
    { timeoutMs: 60_000, alive: [child] },
  );
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The request's answer, or 'closed' when the server ended the connection without one. */
function attempt(opts: Parameters<typeof request>[1]) {
  return request(port, opts).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ECONNRESET' || /socket hang up/.test(err.message)) return 'closed' as const;
    throw err;
  });
}

describe('a fault outside a route’s own promise', () => {
  it('answers that request 500 in the error envelope and keeps serving the others', async () => {
    // A request in flight on another connection the whole time.
    const slow = request(port, { path: '/faults/slow' });
    const faults = await Promise.all([
      attempt({
        method: 'POST',
        path: '/faults/body-listener',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(64 * 1024, 1),
      }),
      attempt({ path: '/faults/timer' }),
      attempt({ path: '/faults/rejection' }),
    ]);
    for (const answer of faults) {
      expect(answer).not.toBe('closed');
      if (answer === 'closed') continue;
      expect(answer.status).toBe(500);
      expect(answer.headers.connection).toBe('close');
      expect(json(answer)).toEqual({
        statusCode: 500,
        success: false,
        message: 'Something went wrong on our side. Please try again.',
        errors: [],
      });
    }
    const slowAnswer = await slow;
    expect(slowAnswer.status).toBe(200);
    expect(json(slowAnswer)).toEqual({ slow: true });
    expect(child.exitCode).toBeNull();
    expect((await request(port, { path: '/api/v1/health/ready' })).status).toBe(200);
  });

  it('survives a fault after the answer went out, and many faults in a row', async () => {
    const answered = await request(port, { path: '/faults/after-answer' });
    expect(answered.status).toBe(200);
    for (let i = 0; i < 20; i += 1) {
      const answer = await attempt({ path: i % 2 ? '/faults/timer' : '/faults/rejection' });
      expect(answer !== 'closed' && answer.status).toBe(500);
    }
    expect(child.exitCode).toBeNull();
    expect((await request(port, { path: '/api/v1/health/live' })).status).toBe(200);
    // Each fault is logged with the request it ended.
    await until('the faults in the log', () => output.includes('/faults/after-answer'));
    expect(output).toContain('a request failed outside its handler');
    expect(output).toContain('thrown by a timer a route started');
  });
});
