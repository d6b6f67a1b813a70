// Runs a command with TEST_DATABASE_URL pointing at a real PostgreSQL server.
// Uses TEST_DATABASE_URL when it is already set; otherwise starts a throwaway cluster from
// the PostgreSQL server binaries on this machine (initdb/pg_ctl), and removes it afterwards.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function findBinDir() {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return path.dirname(fs.realpathSync(onPath));
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const dir = path.join(root, v, 'bin');
      if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
    }
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Runs the command and answers its exit code, whatever happens to it: a command that cannot be
 * started answers 127, and Ctrl-C or a SIGTERM reaches the command while this script stays to
 * stop the cluster afterwards.
 */
function run(cmd, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env });
    // Ctrl-C reaches the whole foreground group, the command included; a SIGTERM is passed on.
    const onInterrupt = () => {};
    const onTerminate = () => child.kill('SIGTERM');
    process.on('SIGINT', onInterrupt);
    process.on('SIGTERM', onTerminate);
    const settle = (code) => {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onTerminate);
      resolve(code);
    };
    child.on('error', (err) => {
      console.error(`Cannot run ${cmd}: ${err.message}`);
      settle(127);
    });
    child.on('exit', (code, signal) => settle(code ?? (signal ? 1 : 0)));
  });
}

if (process.env.TEST_DATABASE_URL) {
  process.exit(await run(command[0], command.slice(1)));
}

const binDir = findBinDir();
if (!binDir) {
  console.error(
    'PostgreSQL server binaries (initdb, pg_ctl) were not found. Install them ' +
      '(Debian: apt-get install postgresql) or set TEST_DATABASE_URL to a server you can create databases on.',
  );
  process.exit(1);
}

// PostgreSQL refuses to run as root: run the cluster as the postgres system user then.
const asRoot = process.getuid?.() === 0;
const runAs = (args) =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-pg-'));
const dataDir = path.join(base, 'data');
const socketDir = base;
if (asRoot) spawnSync('chown', ['-R', 'postgres', base]);
fs.chmodSync(base, 0o777);

const port = await freePort();
const pgEnv = { ...process.env, LC_ALL: 'C' };
const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env: pgEnv };

const [initCmd, initArgs] = runAs([
  path.join(binDir, 'initdb'),
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
if (spawnSync(initCmd, initArgs, quiet).status !== 0) {
  console.error('initdb failed');
  process.exit(1);
}
const opts = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
const [startCmd, startArgs] = runAs([
  path.join(binDir, 'pg_ctl'),
  '-D',
  dataDir,
  '-o',
  opts,
  '-l',
  path.join(base, 'server.log'),
  '-w',
  'start',
]);
if (spawnSync(startCmd, startArgs, quiet).status !== 0) {
  console.error(fs.readFileSync(path.join(base, 'server.log'), 'utf8'));
  process.exit(1);
}

let code = 1;
try {
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL ${path.basename(path.dirname(binDir))} for tests on port ${port}`);
  code = await run(command[0], command.slice(1), { ...process.env, TEST_DATABASE_URL: url });
} finally {
  const [stopCmd, stopArgs] = runAs([
    path.join(binDir, 'pg_ctl'),
    '-D',
    dataDir,
    '-m',
    'immediate',
    'stop',
  ]);
  spawnSync(stopCmd, stopArgs, quiet);
  fs.rmSync(base, { recursive: true, force: true });
}
process.exit(code);
