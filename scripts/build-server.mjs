// Bundles the server into ESM files; npm packages stay external and load from node_modules.
// main.js supervises and child.js is what it forks: a server process or the processing worker's
// process (see server/src/main.ts and server/src/child.ts); processor.js is `npm run worker`.
// With splitting, code they share lives in chunks, and main.js loads only what its role needs.
import fs from 'node:fs';
import { build } from 'esbuild';
import { bundledMigrations } from './lib/bundled-migrations.mjs';

// Chunk names carry content hashes: start clean so no stale chunk is left beside new ones.
fs.rmSync('server/dist', { recursive: true, force: true });

await build({
  entryPoints: {
    main: 'server/src/main.ts',
    child: 'server/src/child.ts',
    processor: 'server/src/processor.ts',
    backup: 'server/src/backup.ts',
    'reset-password': 'server/src/reset-password.ts',
    // The operator's command line (`node server/dist/cli.js`, or `npm run cli` from source).
    cli: 'server/src/cli/main.ts',
  },
  outdir: 'server/dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
  // The migrations folder, read now: the bundle carries every file in it.
  plugins: [bundledMigrations()],
});
