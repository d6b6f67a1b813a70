// Runs the browser suite in a real Chromium. CHROMIUM_PATH picks a browser; otherwise the
// one shipped in the @sparticuz/chromium package is unpacked and used (no download needed).
import { spawn } from 'node:child_process';

let executable = process.env.CHROMIUM_PATH;
if (!executable) {
  const { default: chromium } = await import('@sparticuz/chromium');
  executable = await chromium.executablePath();
}

const child = spawn(
  process.execPath,
  [
    'node_modules/@playwright/test/cli.js',
    'test',
    '-c',
    'e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: executable } },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
