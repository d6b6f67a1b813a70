import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT || 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results'),
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node e2e/serve.mjs',
    cwd: root,
    url: `${baseURL}/api/v1/users/check-session`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, '.tmp/e2e-data'),
      LOG_LEVEL: 'warn',
      // The suite signs in many times from one address.
      LOGIN_RATE_LIMIT: '0',
      REGISTER_RATE_LIMIT: '0',
      // Room for the resumable-upload spec's large file.
      UPLOAD_MAX_BYTES: String(200 * 1024 * 1024),
      PUBLIC_URL: baseURL,
      E2E_OIDC_PORT: String(port + 1),
      // Mail goes to an SMTP server on loopback that keeps it for the specs to read.
      E2E_SMTP_PORT: String(port + 2),
      E2E_MAILBOX: path.join(root, '.tmp/e2e-mail'),
    },
  },
});
