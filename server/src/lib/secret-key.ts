import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** The key file's name in DATA_DIR, used when SECRET_KEY is unset. */
export const SECRET_KEY_FILE = 'secret.key';

/**
 * The server's secret key: SECRET_KEY when set, else the text of `DATA_DIR/secret.key`, made
 * with 32 random bytes the first time it is asked for. The file is written aside and linked
 * into place, so processes starting together all read the one that won, never a half-written
 * one; only its owner may read it. Every machine serving one database must share the key: set
 * SECRET_KEY, or copy the file (a backup carries it).
 */
export function loadSecretKey(config: { secretKey: string | undefined; dataDir: string }): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(aside, `${randomBytes(32).toString('base64url')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    fs.linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  const made = readKeyFile(file);
  if (!made) throw new Error(`${file} is empty: remove it, or set SECRET_KEY.`);
  return made;
}

function readKeyFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
