import type { Readable } from 'node:stream';
import { AppError } from '../lib/errors.js';

export const SLOW_UPLOAD_MESSAGE =
  'The upload was too slow and has been stopped. Check the connection and try again.';

/** The floor an upload body must keep: UPLOAD_MIN_BYTES_PER_SECOND over UPLOAD_RATE_WINDOW_SECONDS. */
export interface RateFloor {
  minBytesPerSecond: number;
  windowSeconds: number;
}

/**
 * Whether a body is too slow: once it has run a whole window, the bytes of its last window
 * (one count per second, newest last) must average at least the floor. A stall (nothing) and
 * a trickle (1 byte every 2 s) both fail at the first full window; a slow but steady link
 * (2 Mbit/s is 30 times the default floor) never does, however long it runs.
 */
export function isTooSlow(perSecond: readonly number[], floor: RateFloor): boolean {
  if (perSecond.length < floor.windowSeconds) return false;
  let bytes = 0;
  for (const n of perSecond.slice(-floor.windowSeconds)) bytes += n;
  return bytes < floor.minBytesPerSecond * floor.windowSeconds;
}

/** The answer a cut body gets: our envelope, and the connection closed after it. */
export const slowUpload = () => new AppError(408, SLOW_UPLOAD_MESSAGE, [], { connection: 'close' });

/**
 * Watches an upload body (`source`, already being read by its consumer) and calls `cut` once
 * it falls below the floor. Replaces the whole-request timeout for upload bodies, which cut
 * off any large upload on a slow link however steadily it arrived. `stop` when the body ends.
 */
export function watchUploadRate(
  source: Readable,
  floor: RateFloor,
  cut: () => void,
): { stop(): void; readonly cut: boolean } {
  const perSecond: number[] = [0];
  let fired = false;
  const onData = (chunk: Buffer) => {
    perSecond[perSecond.length - 1]! += chunk.length;
  };
  source.on('data', onData);
  const timer = setInterval(() => {
    if (isTooSlow(perSecond, floor)) {
      fired = true;
      stop();
      cut();
      return;
    }
    perSecond.push(0);
    if (perSecond.length > floor.windowSeconds) perSecond.shift();
  }, 1000);
  const stop = () => {
    clearInterval(timer);
    source.off('data', onData);
  };
  source.once('end', stop);
  source.once('close', stop);
  return {
    stop,
    get cut() {
      return fired;
    },
  };
}
