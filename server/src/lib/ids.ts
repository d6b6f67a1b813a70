import { randomBytes } from 'node:crypto';

/** Five random bytes per process, so ids made by different processes in one second differ. */
const PROCESS_PART = randomBytes(5).toString('hex');
/**
 * A counter after them, so ids made by one process within one second still sort in the order
 * they were made: lists ordered by `created_at, id` then keep rows of the same millisecond in
 * creation order. It starts low enough (below 2^23) that it wraps only after millions of ids.
 */
let counter = randomBytes(3).readUIntBE(0, 3) >>> 1;

/**
 * 24 hex characters: 4 bytes of seconds, 5 bytes chosen once per process and a 3-byte counter
 * (the layout of a MongoDB ObjectId). Time-ordered ids keep B-tree inserts local, and the shape
 * matches the `_id` clients already expect.
 */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  counter = (counter + 1) & 0xffffff;
  return seconds + PROCESS_PART + counter.toString(16).padStart(6, '0');
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
