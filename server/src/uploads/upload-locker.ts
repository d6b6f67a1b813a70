import { randomBytes } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { UploadRepository } from '../repositories/upload.repository.js';

/** A held lock not renewed for this long is free: its process died (kill -9, a lost machine). */
export const LOCK_LEASE_MS = 10_000;
const RENEW_EVERY_MS = 3_000;
/** How often a request waiting for a lock looks again. */
const POLL_MS = 100;
/** A request that cannot get the lock in this time is refused (tus's 500 "lock timeout"). */
const ACQUIRE_TIMEOUT_MS = 30_000;

/**
 * tus's lock for one upload, kept in the upload's row so every server process (and every
 * machine on one PostgreSQL) sees it: @tus/server's default MemoryLocker is per process, and a
 * resume that lands on another process while the old request still writes would interleave two
 * writers in one file. The holder renews a lease; a waiter marks the row `lock_wanted`, which
 * the holder sees on its next renewal and answers by ending its request (tus's lock request:
 * the bytes it received are kept), so the newest request gets the upload within seconds. A
 * holder that died renews nothing, and its lease runs out.
 */
export class UploadLocker implements Locker {
  constructor(
    private readonly uploads: UploadRepository,
    private readonly now: () => number = Date.now,
  ) {}

  newLock(id: string): Lock {
    return new RowLock(this.uploads, this.now, rowId(id));
  }
}

/** tus ids are `uploads/{hex}`; rows are keyed by the hex. */
function rowId(id: string): string {
  return id.startsWith('uploads/') ? id.slice('uploads/'.length) : id;
}

class RowLock implements Lock {
  private readonly holder = `${process.pid}:${randomBytes(6).toString('hex')}`;
  private renewal: NodeJS.Timeout | undefined;
  private released = false;

  constructor(
    private readonly uploads: UploadRepository,
    private readonly now: () => number,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (await this.uploads.tryLock(this.id, this.holder, this.now(), LOCK_LEASE_MS)) break;
      // No row: the upload is gone; the handler answers that once it looks.
      if (!(await this.uploads.wantLock(this.id))) return;
      if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    this.renewal = setInterval(() => {
      this.uploads
        .renewLock(this.id, this.holder, this.now(), LOCK_LEASE_MS)
        .then((state) => {
          if (state?.wanted && !this.released) {
            this.released = true;
            void requestRelease();
          }
        })
        .catch(() => {});
    }, RENEW_EVERY_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    await this.uploads.unlock(this.id, this.holder);
  }
}
