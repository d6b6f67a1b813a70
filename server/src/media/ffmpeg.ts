import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { ProgressReader } from './ffmpeg-progress.js';

/**
 * `configured` (FFMPEG_PATH, read by config.ts) wins, else the binary shipped in
 * `@ffmpeg-installer/ffmpeg` (a 2018 static build with libx264, AAC and the HEVC, ProRes, Theora
 * and MPEG-4 decoders, so `npm ci` is enough). A current system ffmpeg is faster (newer x264
 * and decoders): point FFMPEG_PATH at it. The server runs `config.mediaTools.ffmpeg.path`.
 */
export function resolveFfmpegPath(configured?: string): string {
  if (configured) return configured;
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return 'ffmpeg';
  }
}

/** ffmpeg ended without producing its output; `reason` is its own last error line. */
export class FfmpegError extends Error {
  constructor(
    readonly reason: string,
    /** Killed by a signal (ours on cancel or timeout, or the system's): not the file's fault. */
    readonly killed: boolean,
    /**
     * `ENOSPC` when ffmpeg could not write for want of space (it says so on any line, then
     * usually ends with "Conversion failed!"): the server's condition, not the file's fault.
     */
    readonly code?: 'ENOSPC',
  ) {
    super(`ffmpeg failed: ${reason}`);
  }
}

/** How ffmpeg words ENOSPC and EDQUOT on its stderr (strerror's text). */
const OUT_OF_SPACE_TEXT = /No space left on device|Disk quota exceeded/i;

/** Whether ffmpeg's stderr says it ran out of space while writing. */
export function saysOutOfSpace(stderr: string): boolean {
  return OUT_OF_SPACE_TEXT.test(stderr);
}

const STDERR_KEEP = 8 * 1024;

/**
 * Runs ffmpeg with `args`, calling `onProgress` with the seconds of output written so far.
 * Aborting `signal` kills it at once. Resolves with the seconds written in all (the decoded
 * duration, for a run that reads the whole input).
 */
export function runFfmpeg(
  binary: string,
  args: readonly string[],
  options: { signal?: AbortSignal; onProgress?: (seconds: number) => void } = {},
): Promise<{ seconds: number }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new FfmpegError('stopped', true));
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const progress = new ProgressReader();
    let stderr = '';
    const kill = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const before = progress.seconds;
      progress.push(chunk);
      if (progress.seconds !== before) options.onProgress?.(progress.seconds);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    child.on('error', (err) => {
      options.signal?.removeEventListener('abort', kill);
      reject(err);
    });
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', kill);
      if (code === 0) {
        resolve({ seconds: progress.seconds });
        return;
      }
      reject(
        new FfmpegError(
          lastErrorLine(stderr) || `exit code ${code}`,
          signal !== null,
          saysOutOfSpace(stderr) ? 'ENOSPC' : undefined,
        ),
      );
    });
  });
}

/** The last line ffmpeg logged, without file paths (they name our scratch space). */
export function lastErrorLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const last = lines[lines.length - 1] ?? '';
  return last
    .replace(/(file:)?\/[^\s:'"]+/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[:\s]+/, '')
    .slice(0, 200);
}
