import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, request, serverEnv, until } from './helpers/processes.js';
import { freshDatabase } from './helpers/test-app.js';

/**
 * The server's very first start and its database: it waits for one that is not there yet
 * (capped backoff, a line each time saying why), and when it never comes, or cannot be opened,
 * it exits non-zero with one line naming what failed, with no stack and no restarts.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-startup-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `server/src/main.ts` under its supervisor (two server processes), its stderr collected. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: serverEnv({}, { SERVER_PROCESSES: '2', EMBEDDED_WORKER: 'false', ...env }),
  });
  const out = { stderr: '' };
  child.stderr!.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  return { child, out, exited };
}

describe('a first start without its database', () => {
  it('waits with backoff, then exits non-zero with one line naming what failed', async () => {
    const closed = await freePort();
    const started = Date.now();
    const { out, exited } = startMain({
      DATA_DIR: tempDir(),
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://vidshare:secret@127.0.0.1:${closed}/vidshare`,
      DATABASE_STARTUP_WAIT_SECONDS: '3',
    });
    expect(await exited).toBe(1);
    expect(Date.now() - started).toBeGreaterThan(2_500);
    const lines = out.stderr.trim().split('\n');
    const waits = lines.filter((l) => l.startsWith('waiting for the database'));
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits[0]).toMatch(
      new RegExp(
        `^waiting for the database \\(PostgreSQL at 127\\.0\\.0\\.1:${closed}/vidshare\\): connect ECONNREFUSED 127\\.0\\.0\\.1:${closed}; attempt 1, trying again in \\d\\.\\d s$`,
      ),
    );
    // The last line says it all, once; no stack, no password, nothing started again.
    expect(lines.at(-1)).toBe(
      `The database did not answer within 3 s (PostgreSQL at 127.0.0.1:${closed}/vidshare): connect ECONNREFUSED 127.0.0.1:${closed}`,
    );
    expect(out.stderr).not.toMatch(/\n\s+at /);
    expect(out.stderr).not.toContain('secret');
    expect(out.stderr).not.toMatch(/ended \(/);
  }, 60_000);

  it('reports a SQLite file that cannot be opened in one line', async () => {
    const dataDir = tempDir();
    // A directory where the database file should be.
    fs.mkdirSync(path.join(dataDir, 'vidshare.sqlite'));
    const { out, exited } = startMain({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await exited).toBe(1);
    const lines = out.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^Cannot open the database \\(SQLite at ${dataDir}/vidshare\\.sqlite\\): .+`),
    );
  }, 60_000);
});

/** Forwards loopback connections on `port` to `target` once started. */
function relay(target: URL) {
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return {
    listen: (port: number) =>
      new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Only PostgreSQL is a server that can be late; SQLite is a file the process opens itself.
if (process.env.TEST_DATABASE_URL) {
  describe('a first start whose PostgreSQL comes up late', () => {
    it('waits for it, then migrates and serves', async () => {
      const dataDir = tempDir();
      const database = await freshDatabase(dataDir);
      await database.handle.close();
      cleanup.push(() => database.drop());
      const target = new URL(database.databaseUrl!);
      const late = relay(target);
      cleanup.push(() => late.close());
      const relayPort = await freePort();
      const viaRelay = new URL(target);
      viaRelay.host = `127.0.0.1:${relayPort}`;
      const port = await freePort();
      const { child, out } = startMain({
        DATA_DIR: dataDir,
        PORT: String(port),
        DATABASE_URL: viaRelay.toString(),
      });
      await until(
        'the server waiting for its database',
        () => out.stderr.includes('waiting for the database'),
        {
          timeoutMs: 60_000,
          alive: [child],
        },
      );
      await late.listen(relayPort);
      await until(
        'the server ready',
        () =>
          request(port, { path: '/api/v1/health/ready' }).then(
            (r) => r.status === 200,
            () => false,
          ),
        { timeoutMs: 60_000, alive: [child] },
      );
      expect(out.stderr).toContain('database reachable again');
    }, 90_000);
  });
}
