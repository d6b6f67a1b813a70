import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A directory holding a `node` older than the project accepts, for the test of what `npm start`
 * says on one: the machine's own when it is older (Debian's is), else the official Node 20
 * binary from the npm registry (`node-<os>-<arch>@20`, as scripts/node24.sh gets Node 24),
 * unpacked once under the user's cache.
 */
export function oldNodeDir(): string {
  for (const dir of ['/usr/bin', '/usr/local/bin']) {
    const node = path.join(dir, 'node');
    if (!fs.existsSync(node)) continue;
    const version = execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    const [major = 0, minor = 0] = version.trim().split('.').map(Number);
    // npm itself needs 20.17 or newer, and the project 22.12.
    if ((major === 20 && minor >= 17) || (major === 22 && minor < 12)) return dir;
  }
  const arch = os.arch() === 'arm64' ? 'arm64' : 'x64';
  const home = path.join(os.homedir(), '.cache', 'vidshare', 'node-20');
  if (!fs.existsSync(path.join(home, 'bin', 'node'))) {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'node-20-'));
    try {
      const tarball = execFileSync(
        'npm',
        ['pack', '--silent', `node-${os.platform()}-${arch}@20`],
        {
          cwd: scratch,
          encoding: 'utf8',
        },
      )
        .trim()
        .split('\n')
        .pop()!;
      execFileSync('tar', ['-xzf', tarball], { cwd: scratch });
      fs.mkdirSync(path.dirname(home), { recursive: true });
      fs.rmSync(home, { recursive: true, force: true });
      fs.renameSync(path.join(scratch, 'package'), home);
      fs.chmodSync(path.join(home, 'bin', 'node'), 0o755);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  return path.join(home, 'bin');
}
