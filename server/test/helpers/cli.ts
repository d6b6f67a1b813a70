import { execFile } from 'node:child_process';
import path from 'node:path';
import { commandEnv } from './processes.js';
import type { TestApp } from './test-app.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the operator's command line (`npm run cli -- …`, from source) as its own process on the
 * test app's database and data directory, as an operator would while the server runs.
 */
export function runCli(
  t: TestApp,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/main.ts', ...args],
      {
        cwd: ROOT,
        env: commandEnv({ ...t.processEnv, ...env }),
        timeout: 60_000,
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
