import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './processes.js';

/**
 * A PostgreSQL cluster of the test's own, on loopback, that the test may stop and start (the
 * suite's shared server, TEST_DATABASE_URL, must keep serving every other file). Made like
 * `scripts/with-postgres.mjs` makes its cluster: the server binaries found on this machine,
 * run as the `postgres` user when the tests run as root (PostgreSQL refuses root).
 */
export interface OwnPostgres {
  /** postgres://… of a database made for the test. */
  url: string;
  /** `pg_ctl stop -m fast`: sessions are ended and new connections refused, as in a restart. */
  stop(): void;
  /** Starts it again on the same port, answering once it accepts connections. */
  start(): void;
  /** Stops it and removes its files. */
  destroy(): void;
}

function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return path.dirname(fs.realpathSync(onPath));
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error(
    'This test starts and stops a PostgreSQL server of its own: install the server binaries ' +
      '(Debian: apt-get install postgresql) or set PG_BIN_DIR.',
  );
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const run = (args: string[]) => {
    const [cmd, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
    const result = spawnSync(cmd!, rest, {
      env: { ...process.env, LC_ALL: 'C' },
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(`${args.join(' ')} failed: ${result.stderr || result.stdout}`);
    }
  };
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-own-pg-'));
  const dataDir = path.join(base, 'data');
  if (asRoot) spawnSync('chown', ['-R', 'postgres', base]);
  fs.chmodSync(base, 0o777);
  const port = await freePort();
  run([
    path.join(bin, 'initdb'),
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const options =
    `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off ` +
    '-c synchronous_commit=off -c full_page_writes=off -c max_connections=100';
  const start = () =>
    run([
      path.join(bin, 'pg_ctl'),
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(base, 'server.log'),
      '-w',
      'start',
    ]);
  const stop = () => run([path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'fast', '-w', 'stop']);
  start();
  const admin = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
  });
  await admin.connect();
  await admin.query('CREATE DATABASE vidshare');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/vidshare`,
    stop,
    start,
    destroy: () => {
      try {
        run([path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        // Already stopped.
      }
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
