import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecretKey, SECRET_KEY_FILE } from './secret-key.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadSecretKey', () => {
  it('uses SECRET_KEY when set, and writes no file', () => {
    const dataDir = tempDir();
    expect(loadSecretKey({ secretKey: 's'.repeat(32), dataDir })).toBe('s'.repeat(32));
    expect(fs.existsSync(path.join(dataDir, SECRET_KEY_FILE))).toBe(false);
  });

  it('makes a random key file only its owner reads, then keeps using it', () => {
    const dataDir = path.join(tempDir(), 'data');
    const key = loadSecretKey({ secretKey: undefined, dataDir });
    expect(key).toMatch(/^[\w-]{43}$/);
    const file = path.join(dataDir, SECRET_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ secretKey: undefined, dataDir })).toBe(key);
    expect(fs.readdirSync(dataDir)).toEqual([SECRET_KEY_FILE]);
    expect(loadSecretKey({ secretKey: undefined, dataDir: tempDir() })).not.toBe(key);
  });

  it('gives processes starting together one key', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const script = `import { loadSecretKey } from ${JSON.stringify(path.join(import.meta.dirname, 'secret-key.ts'))};
process.stdout.write(loadSecretKey({ secretKey: undefined, dataDir: ${JSON.stringify(dataDir)} }));`;
    const run = () =>
      new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', script],
          (err, stdout) => (err ? reject(err) : resolve(stdout)),
        ),
      );
    const keys = await Promise.all([run(), run(), run(), run()]);
    expect(new Set(keys).size).toBe(1);
    expect(fs.readFileSync(path.join(dataDir, SECRET_KEY_FILE), 'utf8').trim()).toBe(keys[0]);
    expect(fs.readdirSync(dataDir)).toEqual([SECRET_KEY_FILE]);
  }, 30_000);

  it('reads a key file put there by hand', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, SECRET_KEY_FILE), '  restored-key  \n');
    expect(loadSecretKey({ secretKey: undefined, dataDir })).toBe('restored-key');
  });

  it('refuses an empty key file rather than seal with nothing', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, SECRET_KEY_FILE), '\n');
    expect(() => loadSecretKey({ secretKey: undefined, dataDir })).toThrow(/is empty/);
  });
});
