// `npm start` and `npm run worker`: build the web app and the server only when their sources
// changed since the last build here, then run the built entry in this process.
// `npm run build` (mode `build`) builds both always and records what it built from.
// `npm run backup -- DIR` and `npm run restore -- DIR` build the server if needed and run it.
// First: whatever else loads may need a newer Node.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const mode = process.argv[2] ?? 'server';
const ENTRIES = {
  server: 'main.js',
  worker: 'processor.js',
  backup: 'backup.js',
  restore: 'backup.js',
};
if (mode !== 'build' && !(mode in ENTRIES)) {
  console.error(`usage: node scripts/start.mjs [server|worker|build|backup DIR|restore DIR]`);
  process.exit(2);
}

const { BUILD_PARTS, inputsHash, needsBuild, readStamps, writeStamp } =
  await import('./lib/build-inputs.mjs');

// npm runs this through a shell (`exec`, in package.json, makes the shell become this process
// so npm's forwarded SIGTERM and SIGINT reach it). Should npm or its shell still go away
// without a signal reaching here (killed with -9), this process would be left running on its
// own: when its parent changes it stops as on SIGTERM, draining first.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid === parent) return;
    console.error('the npm process that started this one has gone: stopping');
    process.kill(process.pid, 'SIGTERM');
  }, 250).unref();
}

/**
 * Runs one npm script, passing SIGTERM and SIGINT on to everything it started; resolves with
 * its exit code. The script runs in a process group of its own, signalled as a whole: npm's
 * shell would not pass a signal on to the build under it.
 */
function runScript(script) {
  const posix = process.platform !== 'win32';
  const child = spawn(posix ? 'npm' : 'npm.cmd', ['run', script], {
    cwd: root,
    stdio: 'inherit',
    detached: posix,
  });
  const forward = (signal) => {
    process.exitCode = 1;
    try {
      if (posix) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  process.on('SIGTERM', forward).on('SIGINT', forward);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', forward).off('SIGINT', forward);
      resolve(signal ? 1 : (code ?? 1));
    });
  });
}

// Only the server serves pages: the others need only the server build.
const parts = mode === 'server' || mode === 'build' ? ['web', 'server'] : ['server'];
const stamps = readStamps(root);

for (const part of parts) {
  const hash = inputsHash(root, BUILD_PARTS[part].inputs);
  if (mode !== 'build' && !needsBuild(root, part, hash, stamps)) {
    console.log(`${part}: built from the current sources already`);
    continue;
  }
  const status = await runScript(BUILD_PARTS[part].script);
  // A signal during the build stops there: nothing half-built is recorded as built.
  if (status !== 0 || process.exitCode) process.exit(status || process.exitCode);
  writeStamp(root, part, hash);
}

if (mode !== 'build') {
  // In this process, so signals (SIGTERM from a supervisor, Ctrl-C) reach the server itself.
  const entry = path.join(root, 'server', 'dist', ENTRIES[mode]);
  await import(pathToFileURL(entry).href);
}
