import { randomBytes } from 'node:crypto';

/**
 * 24 hex characters: 4 bytes of seconds then 8 random bytes. Time-ordered ids keep
 * B-tree inserts local, and the shape matches the `_id` clients already expect.
 */
export function newId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
