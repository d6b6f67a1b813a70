import type { Readable } from 'node:stream';
import { StorageUnavailableError } from '../lib/storage-errors.js';

/** The default of `STORAGE_TIMEOUT_MS`, for stores made without a configuration (tests). */
export const DEFAULT_STORAGE_TIMEOUT_MS = 10_000;

/** Bytes one storage request carries at most before the next gets a deadline of its own. */
const BYTES_PER_DEADLINE = 8 * 1024 * 1024;

/**
 * The deadline of a call that moves `bytes`: one `timeoutMs` per 8 MiB started (the size of
 * an object-store part), so a large upload on a working store is never cut, while a store
 * that stops answering is given up on after about one timeout.
 */
export function deadlineFor(timeoutMs: number, bytes = 0): number {
  return timeoutMs * Math.max(1, Math.ceil(bytes / BYTES_PER_DEADLINE));
}

/**
 * Runs `work` with an AbortSignal that fires after `ms`, and rejects then with a
 * StorageUnavailableError whatever `work` does: a store that stopped answering never holds a
 * request past its deadline. Work that can be cancelled (an HTTP request to the store) listens
 * to the signal and frees its socket; work that cannot (a call into a hung file system) is
 * left to finish or fail on its own, unheard.
 */
export async function withDeadline<T>(
  what: string,
  ms: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new StorageUnavailableError(`${what} did not answer within ${ms} ms`);
      // Settled before the work hears the abort, so the deadline is what the caller sees.
      reject(err);
      controller.abort(err);
    }, ms);
  });
  const running = work(controller.signal);
  // Settled late, after the deadline answered: nothing may be left unhandled.
  running.catch(() => {});
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Ends `stream` with a StorageUnavailableError when it delivers nothing for `ms` while its
 * reader wants data. Time during which the reader holds it back (a slow client: the pipe
 * pauses the stream) does not count, so only a store that stopped sending is cut off.
 */
export function endStalls(stream: Readable, ms: number, what: string): Readable {
  let last = Date.now();
  const touch = () => {
    last = Date.now();
  };
  const check = setInterval(
    () => {
      if (stream.destroyed || stream.readableEnded) return stop();
      if (stream.readableFlowing === true && Date.now() - last >= ms) {
        stop();
        stream.destroy(new StorageUnavailableError(`${what} stopped sending for ${ms} ms`));
      }
    },
    Math.max(10, Math.floor(ms / 4)),
  );
  check.unref();
  const stop = () => {
    clearInterval(check);
    stream.off('data', touch);
    stream.off('resume', touch);
  };
  stream.on('data', touch);
  stream.on('resume', touch);
  stream.once('close', stop);
  stream.once('end', stop);
  return stream;
}
