// Seeds demo channels and videos through the real API; runs the server's TypeScript via tsx.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/demo/run-demo.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
child.on('exit', (code, signal) => {
  process.exitCode = signal ? 1 : (code ?? 0);
});
