// What each built part is made from, and whether its last build is still current. Content
// hashes, not file times: a checkout or a copy changes times without changing a byte.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The parts `npm start` may build, with what each reads and the file that proves it exists. */
export const BUILD_PARTS = {
  web: {
    inputs: ['web', 'contract/src', 'package-lock.json', 'tsconfig.json'],
    output: 'web/dist/index.html',
    script: 'build:web',
  },
  server: {
    inputs: [
      'server/src',
      'contract/src',
      'package-lock.json',
      'tsconfig.json',
      'scripts/build-server.mjs',
      'scripts/lib/bundled-migrations.mjs',
    ],
    output: 'server/dist/main.js',
    script: 'build:server',
  },
};

/** Build outputs, dependencies and tests never change what a build makes. */
export function isBuildInput(relativePath) {
  const parts = relativePath.split(/[\\/]/);
  if (parts.some((p) => p === 'node_modules' || p === 'dist')) return false;
  return !/\.test\.(ts|tsx|mjs)$/.test(relativePath);
}

function walk(root, relative, out) {
  const full = path.join(root, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) walk(root, path.join(relative, name), out);
  } else if (stat.isFile() && isBuildInput(relative)) {
    out.push(relative);
  }
}

/** One hash over the paths and contents of every input file of `inputs` under `root`. */
export function inputsHash(root, inputs) {
  const files = [];
  for (const input of inputs) walk(root, input, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Where the hashes of the last successful builds are kept (a tool cache, never committed). */
export function stampFile(root) {
  return path.join(root, 'node_modules', '.cache', 'vidshare', 'build-inputs.json');
}

export function readStamps(root) {
  try {
    return JSON.parse(fs.readFileSync(stampFile(root), 'utf8'));
  } catch {
    return {};
  }
}

export function writeStamp(root, part, hash) {
  const stamps = { ...readStamps(root), [part]: hash };
  fs.mkdirSync(path.dirname(stampFile(root)), { recursive: true });
  fs.writeFileSync(stampFile(root), JSON.stringify(stamps, null, 2) + '\n');
}

/** True when `part` must be built: never built here, its output gone, or an input changed. */
export function needsBuild(root, part, hash, stamps = readStamps(root)) {
  if (!fs.existsSync(path.join(root, BUILD_PARTS[part].output))) return true;
  return stamps[part] !== hash;
}
