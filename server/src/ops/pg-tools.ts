import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { StartupError } from '../process/startup-problems.js';

const run = promisify(execFile);

/**
 * A PostgreSQL client program (pg_dump, pg_restore): in `binDir` (`config.pgBinDir`, PG_BIN_DIR)
 * when set, else one on `searchPath` (the system's PATH, which spawn itself searches; not a
 * setting of ours), else the newest under /usr/lib/postgresql (Debian's layout, where they are
 * not on PATH).
 */
export function findPgTool(
  name: 'pg_dump' | 'pg_restore',
  binDir: string | undefined,
  searchPath = process.env.PATH ?? '',
): string {
  const dirs = [...(binDir ? [binDir] : []), ...searchPath.split(path.delimiter).filter(Boolean)];
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new StartupError(
    `${name} was not found (PATH, PG_BIN_DIR, /usr/lib/postgresql/*/bin): install PostgreSQL's client programs, as new as the server (Debian: apt-get install postgresql-client).`,
  );
}

/** Runs a PostgreSQL client program; its own error output becomes the error. */
export async function runPgTool(binary: string, args: string[]): Promise<void> {
  try {
    await run(binary, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? '').trim();
    throw new StartupError(
      `${path.basename(binary)} failed: ${stderr.split('\n').slice(-3).join(' ') || (err as Error).message}`,
    );
  }
}
