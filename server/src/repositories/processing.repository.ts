import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database, VideosTable } from '../db/schema.js';
import { playablePatch, unplayablePatch } from './video-holds.js';

/** What the worker reads of the video it processes. */
export interface ProcessingVideo {
  id: string;
  owner_id: string;
  /** Every file of the video is under `videos/{id}/{media_token}/`. */
  media_token: string | null;
  original_name: string | null;
  thumbnail_key: string;
  duration: number;
  /** The original's size, 0 once dropped (KEEP_ORIGINALS=false). */
  original_bytes: number;
  stored_bytes: number;
  /** A pending reprocess's token (migration 052), else null. */
  reprocess_token: string | null;
}

/** A video as a reprocess sees it (migration 052). */
export interface ReprocessState {
  id: string;
  owner_id: string;
  status: 'processing' | 'ready' | 'failed';
  original_name: string | null;
  reprocess_token: string | null;
}

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The processing columns of `videos`: state, progress, outputs and stored bytes. SQL only; the
 * queue is JobQueueRepository and the rules are in processing/.
 */
export class ProcessingRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** The outputs are all stored: the video is ready and keeps `storedBytes` in the store. */
  async markReady(videoId: string, storedBytes: number, db: Executor = this.db): Promise<void> {
    await db
      .updateTable('videos')
      .set({
        status: 'ready',
        processing_progress: 100,
        processing_error: null,
        stored_bytes: storedBytes,
      })
      .where('id', '=', videoId)
      .execute();
  }

  /** What a video keeps once a step stored its outputs (the original and thumbnail included). */
  async setStoredBytes(videoId: string, storedBytes: number, db: Executor = this.db) {
    await db
      .updateTable('videos')
      .set({ stored_bytes: storedBytes })
      .where('id', '=', videoId)
      .execute();
  }

  /**
   * Processing failed for good: whatever played before (a remuxed copy) goes with the outputs,
   * so the video is private again with the owner's choice kept for a retry (SET reads the row
   * as it was before this update); it keeps only the original and thumbnail (`storedBytes`).
   */
  async markFailed(
    videoId: string,
    reason: string,
    storedBytes: number,
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .updateTable('videos')
      .set({
        status: 'failed',
        processing_error: reason,
        ...unplayablePatch(),
        hls_ready: 0,
        storyboard_ready: 0,
        stored_bytes: storedBytes,
      })
      .where('id', '=', videoId)
      .execute();
  }

  /**
   * The owner's Retry: a failed video is processing again, and `enqueue` (its first job, in
   * the same transaction) starts it over. False when the video has no failed processing.
   */
  async restart(
    videoId: string,
    enqueue: (trx: Transaction<Database>) => Promise<boolean>,
  ): Promise<boolean> {
    const nothing = new Error('nothing to restart');
    try {
      return await this.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('videos')
          .set({ status: 'processing', processing_progress: 0, processing_error: null })
          .where('id', '=', videoId)
          .where('status', '=', 'failed')
          .executeTakeFirst();
        // Thrown, so the update above is rolled back with it.
        if (Number(updated.numUpdatedRows) === 0 || !(await enqueue(trx))) throw nothing;
        return true;
      });
    } catch (err) {
      if (err === nothing) return false;
      throw err;
    }
  }

  /**
   * The video's current media token, read in a job's completing transaction: on PostgreSQL it
   * waits for an edit moving the prefix (which holds the row lock) to commit, so a job never
   * completes with outputs written under a prefix that moved away meanwhile.
   */
  async lockedToken(videoId: string, db: Executor = this.db): Promise<string | null | undefined> {
    const lock = this.dialect === 'postgres' ? sql` for update` : sql``;
    const { rows } = await sql<{
      media_token: string | null;
    }>`select media_token from videos where id = ${videoId}${lock}`.execute(db);
    return rows[0] === undefined ? undefined : rows[0].media_token;
  }

  /**
   * An operator's reprocess of a ready video whose original is kept: `token` names the prefix
   * its new outputs go to, and `alongside` (its job, an audit entry) is written in the same
   * transaction. False, changing nothing, when the video is not ready, has no original, or
   * has a reprocess pending already.
   */
  async startReprocess(
    videoId: string,
    token: string,
    alongside: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('videos')
        .set({ reprocess_token: token })
        .where('id', '=', videoId)
        .where('status', '=', 'ready')
        .where('original_name', 'is not', null)
        .where('reprocess_token', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await alongside(trx);
      return true;
    });
  }

  /** A reprocess ended without its outputs being adopted: the video has none pending. */
  async endReprocess(videoId: string, token: string, db: Executor = this.db): Promise<void> {
    await db
      .updateTable('videos')
      .set({ reprocess_token: null })
      .where('id', '=', videoId)
      .where('reprocess_token', '=', token)
      .execute();
  }

  /** What decides whether a video can be reprocessed, for the operator's answer. */
  async reprocessState(videoId: string): Promise<ReprocessState | undefined> {
    return this.db
      .selectFrom('videos')
      .select(['id', 'owner_id', 'status', 'original_name', 'reprocess_token'])
      .where('id', '=', videoId)
      .executeTakeFirst();
  }

  /** Up to `limit` videos after `afterId` (in id order) a reprocess can start on. */
  async reprocessable(afterId: string, limit: number): Promise<ReprocessState[]> {
    return this.db
      .selectFrom('videos')
      .select(['id', 'owner_id', 'status', 'original_name', 'reprocess_token'])
      .where('id', '>', afterId)
      .where('status', '=', 'ready')
      .where('original_name', 'is not', null)
      .where('reprocess_token', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Ready videos no reprocess can start on: without their original, or with one pending. */
  async notReprocessable(): Promise<{ withoutOriginal: number; pending: number }> {
    const row = await this.db
      .selectFrom('videos')
      .select((eb) => [
        eb.fn
          .count<number>(eb.case().when('original_name', 'is', null).then(1).end())
          .as('without_original'),
        eb.fn
          .count<number>(eb.case().when('reprocess_token', 'is not', null).then(1).end())
          .as('pending'),
      ])
      .where('status', '=', 'ready')
      .executeTakeFirstOrThrow();
    return { withoutOriginal: Number(row.without_original), pending: Number(row.pending) };
  }

  /** The original is gone from the store (KEEP_ORIGINALS=false): nothing of it is counted. */
  async dropOriginal(videoId: string): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({
        original_name: null,
        stored_bytes: sql`stored_bytes - original_bytes`,
        original_bytes: 0,
      })
      .where('id', '=', videoId)
      .execute();
  }

  async video(videoId: string): Promise<ProcessingVideo | undefined> {
    const row = await this.db
      .selectFrom('videos')
      .select([
        'id',
        'owner_id',
        'media_token',
        'original_name',
        'thumbnail_key',
        'duration',
        'original_bytes',
        'stored_bytes',
        'reprocess_token',
      ])
      .where('id', '=', videoId)
      .executeTakeFirst();
    return row
      ? {
          ...row,
          original_bytes: Number(row.original_bytes),
          stored_bytes: Number(row.stored_bytes),
        }
      : undefined;
  }

  async setProgress(videoId: string, percent: number): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({ processing_progress: percent })
      .where('id', '=', videoId)
      .where('status', '=', 'processing')
      .execute();
  }

  /** Outputs as they appear (keys, the decoded duration). */
  async setOutputs(
    videoId: string,
    patch: Pick<
      Updateable<VideosTable>,
      'video_key' | 'hls_ready' | 'storyboard_ready' | 'duration'
    >,
  ): Promise<void> {
    await this.db.updateTable('videos').set(patch).where('id', '=', videoId).execute();
  }

  /** Something plays: the owner's chosen visibility applies from now on. */
  async markPlayable(videoId: string): Promise<void> {
    await this.db
      .updateTable('videos')
      // Applied unless staff block the video or its owner is suspended (video-holds.ts).
      .set(playablePatch())
      .where('id', '=', videoId)
      .where('playable', '=', 0)
      .execute();
  }
}
