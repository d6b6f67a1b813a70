// Development: the API with reload on :3000 and the Vite dev server on :5173 (proxying /api).
import './require-node.mjs';
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    // One server process: reloads stay quick and logs come from one place.
    env: { SERVER_PROCESSES: '1', ...process.env, WEB_DIST_DIR: '' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'web/vite.config.ts'], {
    stdio: 'inherit',
  }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
