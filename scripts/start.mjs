// `npm start` and `npm run worker`: build the web app and the server only when their sources
// changed since the last build here, then run the built entry in this process.
// `npm run build` (mode `build`) builds both always and records what it built from.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  BUILD_PARTS,
  inputsHash,
  needsBuild,
  readStamps,
  writeStamp,
} from './lib/build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'server';
if (!['server', 'worker', 'build'].includes(mode)) {
  console.error(`usage: node scripts/start.mjs [server|worker|build]`);
  process.exit(2);
}
// A worker serves no pages: it needs only the server build.
const parts = mode === 'worker' ? ['server'] : ['web', 'server'];
const stamps = readStamps(root);

for (const part of parts) {
  const hash = inputsHash(root, BUILD_PARTS[part].inputs);
  if (mode !== 'build' && !needsBuild(root, part, hash, stamps)) {
    console.log(`${part}: built from the current sources already`);
    continue;
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', BUILD_PARTS[part].script], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeStamp(root, part, hash);
}

if (mode !== 'build') {
  // In this process, so signals (SIGTERM from a supervisor, Ctrl-C) reach the server itself.
  const entry = path.join(root, 'server', 'dist', mode === 'worker' ? 'processor.js' : 'main.js');
  await import(pathToFileURL(entry).href);
}
