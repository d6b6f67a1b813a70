import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Storage } from '@contract';
import { videoTooLargeMessage } from '@contract';
import type { Database } from '../db/schema.js';
import { AppError, badRequest, conflict, notFound, payloadTooLarge } from '../lib/errors.js';
import type { UploadRepository, UploadRow } from '../repositories/upload.repository.js';
import type { UploadStorage } from '../uploads/upload-storage.js';
import { uploadRefusal, type QuotaPolicy } from './quota-policy.js';

export const UPLOAD_NOT_FOUND = 'Upload not found.';
export const UPLOAD_EXPIRED = 'This upload has expired; start it again.';
export const NO_ROOM = 'The server has no room for this upload right now. Please try again later.';

/** Usage counts the last 24 hours for the daily quota. */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Room kept free beside an upload, so the disk never fills to its last byte. */
const DISK_MARGIN_BYTES = 64 * 1024 * 1024;
/** Rows the sweep removes per batch. */
const SWEEP_BATCH = 100;

export const insufficientStorage = (message = NO_ROOM) => new AppError(507, message);

export interface NewUpload {
  size: number;
  filename: string;
  filetype: string;
}

/**
 * Resumable uploads as the product sees them: who may create one (limits, quotas, room on the
 * disk), whose it is, when it expires, and how a finished one is handed to publishing. The
 * bytes themselves go through tus (http/routes/uploads.routes.ts) into UploadStorage.
 */
export class UploadService {
  constructor(
    private readonly deps: {
      uploads: UploadRepository;
      policy: QuotaPolicy;
      storage: UploadStorage;
      expiryHours: number;
      now?: () => number;
      log?: (message: string, fields?: Record<string, unknown>) => void;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** GET /users/me/storage. */
  async storageOf(userId: string): Promise<Storage> {
    const limits = await this.deps.policy.limitsFor(userId);
    const usage = await this.deps.uploads.usage(userId, this.now() - DAY_MS);
    return {
      usedBytes: usage.usedBytes,
      quotaBytes: limits.quotaBytes,
      dailyUsedBytes: usage.recentBytes,
      dailyQuotaBytes: limits.dailyQuotaBytes,
      maxUploadBytes: limits.maxUploadBytes,
      maxUploadMessage: videoTooLargeMessage(limits.maxUploadBytes),
    };
  }

  /** 413 when a file of `size` is over the user's upload limit (before reading its bytes). */
  async assertUploadSize(userId: string, size: number): Promise<void> {
    const limits = await this.deps.policy.limitsFor(userId);
    if (size > limits.maxUploadBytes) {
      const message = videoTooLargeMessage(limits.maxUploadBytes);
      throw payloadTooLarge(message, [{ field: 'videoFile', message }]);
    }
  }

  /**
   * Inside the user's quota transaction (UploadRepository.forUser): 413 naming the limit or
   * quota when `size` more bytes would pass it.
   */
  async assertWithinQuota(
    userId: string,
    size: number,
    trx: Transaction<Database>,
    field = 'videoFile',
  ): Promise<void> {
    const limits = await this.deps.policy.limitsFor(userId, trx);
    const usage = await this.deps.uploads.usage(userId, this.now() - DAY_MS, trx);
    const refusal = uploadRefusal(
      limits,
      { usedBytes: usage.usedBytes, dailyUsedBytes: usage.recentBytes },
      size,
    );
    if (refusal) throw payloadTooLarge(refusal, [{ field, message: refusal }]);
  }

  /** 507 when the disk uploads are written to has no room for `size` more bytes. */
  async assertRoomFor(size: number): Promise<void> {
    const free = await this.deps.storage.freeBytes();
    if (free !== undefined && free < size + DISK_MARGIN_BYTES) throw insufficientStorage();
  }

  /**
   * A new upload of `size` bytes for `ownerId`: refused (413, 507) before anything is stored,
   * else its row, which reserves `size` against the owner's quotas until it is published or
   * removed. Answers its id.
   */
  async reserve(ownerId: string, upload: NewUpload): Promise<string> {
    if (!upload.filename) {
      throw badRequest('Upload-Metadata must carry the file’s name (filename).');
    }
    await this.assertUploadSize(ownerId, upload.size);
    await this.assertRoomFor(upload.size);
    const id = randomBytes(16).toString('hex');
    const now = this.now();
    await this.deps.uploads.forUser(ownerId, async (trx) => {
      await this.assertWithinQuota(ownerId, upload.size, trx, 'Upload-Length');
      await this.deps.uploads.insert(
        {
          id,
          owner_id: ownerId,
          size: upload.size,
          filename: upload.filename.slice(0, 255),
          filetype: upload.filetype.slice(0, 100),
          state: 'open',
          created_at: now,
          expires_at: now + this.deps.expiryHours * 3_600_000,
        },
        trx,
      );
    });
    return id;
  }

  /**
   * A creation that did not end in its 201 (refused, failed, cut, abandoned): no client holds
   * its URL, so its row goes and, with it, its bytes and tus's record. The row first, so the
   * quota is right whatever the store does. Bytes not removed now (`removeBytes` false when
   * the store is down, which would only hold the answer for its timeouts; or a removal that
   * failed) have no row left, and the sweep takes them once they are stale.
   */
  async release(id: string, { removeBytes = true }: { removeBytes?: boolean } = {}): Promise<void> {
    await this.deps.uploads.delete(id);
    if (!removeBytes) return;
    try {
      await this.deps.storage.remove(id);
    } catch (err) {
      this.deps.log?.('a failed upload’s bytes were left for the sweep', {
        uploadId: id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }

  /**
   * The upload `id` as its owner may write or read it: 404 for anyone else and for one that is
   * published or gone, 410 once expired, 409 while it is being published.
   */
  async ownOpen(ownerId: string, id: string): Promise<UploadRow> {
    const row = await this.deps.uploads.find(id);
    if (!row || row.owner_id !== ownerId) throw notFound(UPLOAD_NOT_FOUND);
    if (row.expires_at <= this.now()) throw new AppError(410, UPLOAD_EXPIRED);
    if (row.state !== 'open') throw conflict('This upload is being published.');
    return row;
  }

  /** After tus removed its bytes (termination): the row, and its reservation, go. */
  async terminated(id: string): Promise<void> {
    await this.deps.uploads.delete(id);
  }

  /**
   * One publish takes a finished upload of its owner: 404 when there is none (published
   * already, someone else's, expired), 409 while its bytes are not all in. The caller either
   * commits it (deleting its row in the video's transaction) or gives it back (`unclaim`).
   */
  async claimForPublish(ownerId: string, id: string): Promise<UploadRow> {
    const row = await this.deps.uploads.claimForPublish(id, ownerId, this.now());
    if (!row) {
      const existing = await this.deps.uploads.find(id);
      if (existing?.owner_id === ownerId && existing.state === 'publishing') {
        throw conflict('This upload is already being published.');
      }
      throw notFound(UPLOAD_NOT_FOUND);
    }
    try {
      const received = await this.deps.storage.datastore.getUpload(`uploads/${id}`);
      if (received.offset !== row.size) {
        throw conflict(
          `The upload is not finished: ${received.offset} of ${row.size} bytes have arrived.`,
          [{ field: 'uploadId', message: 'The upload is not finished yet.' }],
        );
      }
    } catch (err) {
      await this.deps.uploads.unclaim(id);
      if (err instanceof AppError) throw err;
      throw notFound(UPLOAD_NOT_FOUND);
    }
    return row;
  }

  async unclaim(id: string): Promise<void> {
    await this.deps.uploads.unclaim(id);
  }

  /**
   * Removes expired uploads (their rows and bytes, an S3 multipart upload aborted), and bytes
   * in the upload store that no row accounts for once older than the expiry (a process that
   * died between creating them and its row). Answers how many uploads went.
   */
  async sweep(): Promise<number> {
    const now = this.now();
    let removed = 0;
    for (;;) {
      const ids = await this.deps.uploads.expired(now, SWEEP_BATCH);
      for (const id of ids) {
        await this.deps.storage.remove(id);
        await this.deps.uploads.delete(id);
        removed += 1;
      }
      if (ids.length < SWEEP_BATCH) break;
    }
    const stale = await this.deps.storage.olderThan(now - this.deps.expiryHours * 3_600_000);
    const kept = await this.deps.uploads.existing(stale);
    for (const id of stale) {
      if (kept.has(id)) continue;
      await this.deps.storage.remove(id);
      removed += 1;
    }
    if (removed > 0) this.deps.log?.('expired uploads removed', { uploads: removed });
    return removed;
  }
}
