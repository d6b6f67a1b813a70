import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { halfSentLogin } from './helpers/raw-http.js';
import { freePort, serverEnv } from './helpers/processes.js';

/**
 * The real entry point, one server process, stopped with SIGTERM while requests are in
 * flight. Requests are written by hand on raw sockets so a body can be left half-sent: the
 * request is then in flight for as long as the test wants.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

interface Started {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
}

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const step of cleanup.splice(0).reverse()) step();
});

async function start(env: Record<string, string>): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-shutdown-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverEnv(
      { port, dataDir },
      {
        SERVER_PROCESSES: '1',
        // One server process on its own, without the supervisor and its processing worker: the
        // drain under test is the server process's own.
        EMBEDDED_WORKER: 'false',
        LOG_LEVEL: 'error',
        ...env,
      },
    ),
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  cleanup.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await exchange(port, get('/api/v1/health/ready')).catch(() => '');
    if (answer.startsWith('HTTP/1.1 200')) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, exited };
}

const get = (p: string) => `GET ${p} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

/**
 * Writes `text` on a new connection and resolves with everything read until it closes. The
 * connection is not half-closed after writing: Node ends a connection whose client half-closed
 * at once, so an answer that takes a moment (readiness on a busy machine) would be lost.
 */
function exchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.setTimeout(10_000, () => socket.destroy());
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      received += d;
      // One complete answer is enough for a probe.
      if (/\r\n\r\n[\s\S]*\}$/.test(received)) socket.destroy();
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

/**
 * Resolves once the port refuses new connections. Until the listener closes, a probe is
 * answered (and the next one tried); a listener still open after `ms` fails the test.
 */
async function refusesConnections(port: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const refused = await exchange(port, get('/api/v1/health/live')).then(
      () => false,
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED') return true;
        // Queued in the listener's backlog as it closed: reset unanswered. The next probe
        // finds the port closed.
        if (err.code === 'ECONNRESET') return false;
        throw err;
      },
    );
    if (refused) return;
    if (Date.now() > deadline) throw new Error('the server still takes new connections');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('SIGTERM', () => {
  it('flips readiness to 503, lets requests in flight finish, then exits', async () => {
    const { child, port, exited } = await start({});
    const login = halfSentLogin(port, { keepAlive: true });
    // The server has read the head: the request is in flight when the signal comes.
    await login.inFlight;
    const signalled = Date.now();
    child.kill('SIGTERM');
    // New connections are no longer taken, while the process waits for the one in flight.
    await refusesConnections(port);
    expect(child.exitCode).toBeNull();

    login.finish(get('/api/v1/health/ready'));
    const answers = await login.closed;
    // The sign-in in flight was answered by its route, not cut...
    expect(answers).toMatch(/^HTTP\/1\.1 401 /);
    // ...and readiness, asked on the same connection afterwards, says it is shutting down.
    expect(answers).toMatch(/HTTP\/1\.1 503 [\s\S]*"field":"shutdown"/);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  }, 200_000);

  it('cuts requests still in flight at SHUTDOWN_TIMEOUT_MS and exits', async () => {
    const { child, exited, port } = await start({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const login = halfSentLogin(port, { keepAlive: true });
    await login.inFlight;
    const signalled = Date.now();
    child.kill('SIGTERM');
    // The body never comes: the deadline, not the client, ends the request.
    expect(await exited).toBe(0);
    const waited = Date.now() - signalled;
    expect(waited).toBeGreaterThanOrEqual(900);
    // Well before the 10 s default: the configured deadline ended it.
    expect(waited).toBeLessThan(8000);
    expect(await login.closed).not.toMatch(/HTTP\/1\.1 2/);
  }, 200_000);
});
