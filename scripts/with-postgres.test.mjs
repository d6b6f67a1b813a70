import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'with-postgres.mjs');

it('stops and removes its throwaway cluster when the command cannot even be started', () => {
  // The cluster lives under TMPDIR; the server may run as the postgres user, who must reach it.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-with-pg-'));
  fs.chmodSync(tmp, 0o755);
  const env = { ...process.env, TMPDIR: tmp };
  delete env.TEST_DATABASE_URL;
  try {
    const run = spawnSync(process.execPath, [script, 'no-such-command-vidshare'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(127);
    expect(run.stderr).toContain('Cannot run no-such-command-vidshare');
    expect(fs.readdirSync(tmp)).toEqual([]);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}, 70_000);
