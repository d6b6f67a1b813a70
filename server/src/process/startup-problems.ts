import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { unusableTools } from '../media/tool-check.js';

/**
 * Start-up failures an operator fixes by changing something on the machine (a port another
 * program holds, a data directory this user cannot write), told as one line saying what and
 * how, never as a stack.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

interface SystemError {
  code?: unknown;
  syscall?: unknown;
  address?: unknown;
  port?: unknown;
}

/** The one line for an error `listen` threw, or undefined when it is not about the address. */
export function listenProblem(err: unknown): string | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const { code, syscall, address, port } = err as SystemError;
  if (syscall !== 'listen' && syscall !== 'bind') return undefined;
  const where = typeof address === 'string' ? ` on ${address}` : '';
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${String(port)} is already in use${where}: another program listens there. Stop it, or set PORT to a free port.`;
    case 'EACCES':
      return `Port ${String(port)}${where} needs privileges this user does not have: set PORT to 1024 or above (a reverse proxy can serve 80 and 443).`;
    case 'EADDRNOTAVAIL':
      return `HOST ${String(address)} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.`;
    default:
      return undefined;
  }
}

/**
 * Makes sure `dataDir` exists and this user can create and remove files in it, or throws a
 * StartupError naming the directory, the reason and the fix. Checked by writing, not by
 * permission bits, which miss read-only mounts, ACLs and full disks.
 */
export async function ensureWritableDataDir(dataDir: string): Promise<void> {
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(probe, '');
    await fs.rm(probe);
  } catch (err) {
    const code = (err as SystemError).code;
    const user = typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : '';
    throw new StartupError(
      `DATA_DIR ${dataDir} is not a directory this user${user} can write (${String(code ?? (err as Error).message)}): ` +
        `make it writable for this user, or set DATA_DIR to a directory that is.`,
    );
  }
}

/**
 * Makes sure the media programs a start needs run, or throws a StartupError with one line per
 * program that does not, naming its variable and path: ffprobe, which every upload is probed
 * with, and ffmpeg where `ffmpeg` is set (a processing worker runs under this start). Checked
 * once per start, so a wrong FFMPEG_PATH stops the server at once instead of failing every
 * upload's job; readiness goes on checking them while the server runs.
 */
export async function ensureMediaTools(
  config: AppConfig,
  needs: { ffmpeg: boolean },
): Promise<void> {
  const { ffprobe, ffmpeg } = config.mediaTools;
  const problems = await unusableTools(needs.ffmpeg ? [ffprobe, ffmpeg] : [ffprobe]);
  if (problems.length > 0) throw new StartupError(problems.join('\n'));
}
