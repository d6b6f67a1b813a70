import { sql, type Kysely, type Updateable } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database, VideosTable } from '../db/schema.js';
import { playablePatch, unplayablePatch } from './video-holds.js';

/** A job a worker holds: its lease is renewed while it works. */
export interface ClaimedJob {
  id: string;
  video_id: string;
  /** Including this claim. */
  attempts: number;
}

/** What the worker reads of the video it processes. */
export interface ProcessingVideo {
  id: string;
  /** Every file of the video is under `videos/{id}/{media_token}/`. */
  media_token: string | null;
  original_name: string | null;
  duration: number;
}

/** The queue as metrics show it. */
export interface QueueStats {
  queued: number;
  running: number;
  /** Running, but their worker stopped renewing: waiting for another to take them. */
  stalled: number;
  /** Age of the oldest queued job (whose backoff has passed), 0 when none waits. */
  oldestQueuedSeconds: number;
}

const NO_LEASE = { lease_owner: null, lease_expires_at: null } as const;

/**
 * The durable job queue (`processing_jobs`, one row per video) and the processing columns of
 * `videos`. SQL only; the rules are in processing/.
 */
export class ProcessingRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Takes the next due job: a queued one whose backoff has passed, or a running one whose
   * worker stopped renewing its lease. One statement: on PostgreSQL the candidate row is locked
   * and rows other workers are claiming are skipped (`for update skip locked`); on SQLite the
   * statement runs under the database's single write lock.
   */
  async claim(workerId: string, now: number, leaseMs: number): Promise<ClaimedJob | undefined> {
    const lock = this.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<ClaimedJob>`
      update processing_jobs
      set state = 'running', lease_owner = ${workerId}, lease_expires_at = ${now + leaseMs},
        attempts = attempts + 1, updated_at = ${now}
      where id = (
        select id from processing_jobs
        where (state = 'queued' and run_after <= ${now})
          or (state = 'running' and lease_expires_at < ${now})
        order by run_after, id
        limit 1
        ${lock}
      )
      returning id, video_id, attempts`.execute(this.db);
    const row = result.rows[0];
    return row ? { ...row, attempts: Number(row.attempts) } : undefined;
  }

  /** Counts over the queue; it holds only unfinished jobs, so this stays cheap. */
  async queueStats(now: number): Promise<QueueStats> {
    const row = await this.db
      .selectFrom('processing_jobs')
      .select((eb) => [
        eb.fn.count<number>(eb.case().when('state', '=', 'queued').then(1).end()).as('queued'),
        eb.fn.count<number>(eb.case().when('state', '=', 'running').then(1).end()).as('running'),
        eb.fn
          .count<number>(
            eb
              .case()
              .when(eb.and([eb('state', '=', 'running'), eb('lease_expires_at', '<', now)]))
              .then(1)
              .end(),
          )
          .as('stalled'),
        eb.fn
          .min<number | null>(
            eb
              .case()
              .when(eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', now)]))
              .then(eb.ref('created_at'))
              .end(),
          )
          .as('oldest'),
      ])
      .executeTakeFirstOrThrow();
    const oldest = row.oldest === null ? null : Number(row.oldest);
    return {
      queued: Number(row.queued),
      running: Number(row.running),
      stalled: Number(row.stalled),
      oldestQueuedSeconds: oldest === null ? 0 : Math.max(0, (now - oldest) / 1000),
    };
  }

  /**
   * The job's row for an update that applies only while `workerId` holds the job: a worker whose
   * lease ran out (and whose job another took) changes nothing.
   */
  private held(db: Kysely<Database>, jobId: string, workerId: string) {
    return db
      .updateTable('processing_jobs')
      .where('id', '=', jobId)
      .where('lease_owner', '=', workerId);
  }

  /** Extends the lease; false when the job is gone (video deleted) or another worker took it. */
  async renew(jobId: string, workerId: string, now: number, leaseMs: number): Promise<boolean> {
    const result = await this.held(this.db, jobId, workerId)
      .set({ lease_expires_at: now + leaseMs, updated_at: now })
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Back in the queue for `runAfter`: a retry after a failure that may not happen again. */
  async retryLater(
    jobId: string,
    workerId: string,
    now: number,
    runAfter: number,
    error: string,
  ): Promise<void> {
    await this.held(this.db, jobId, workerId)
      .set({
        state: 'queued',
        ...NO_LEASE,
        run_after: runAfter,
        last_error: error,
        updated_at: now,
      })
      .execute();
  }

  /** Gives a job back untouched (the worker is stopping): its claim does not count. */
  async release(jobId: string, workerId: string, now: number): Promise<void> {
    await this.held(this.db, jobId, workerId)
      .set({ state: 'queued', ...NO_LEASE, attempts: sql`attempts - 1`, updated_at: now })
      .where('state', '=', 'running')
      .execute();
  }

  /** The job's end: its row goes and the video is ready, only while this worker holds it. */
  async complete(jobId: string, workerId: string, videoId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('processing_jobs')
        .where('id', '=', jobId)
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return false;
      await trx
        .updateTable('videos')
        .set({ status: 'ready', processing_progress: 100, processing_error: null })
        .where('id', '=', videoId)
        .execute();
      return true;
    });
  }

  /** Gives up: the job stays `failed` (for a retry) and the owner reads `reason`. */
  async fail(
    jobId: string,
    workerId: string,
    videoId: string,
    reason: string,
    now: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const failed = await this.held(trx, jobId, workerId)
        .set({ state: 'failed', ...NO_LEASE, last_error: reason, updated_at: now })
        .executeTakeFirst();
      if (Number(failed.numUpdatedRows) === 0) return false;
      // Whatever played before (a remuxed copy) goes with the outputs: private again, the
      // owner's choice kept for a retry (SET reads the row as it was before this update).
      await trx
        .updateTable('videos')
        .set({
          status: 'failed',
          processing_error: reason,
          ...unplayablePatch(),
          hls_ready: 0,
          storyboard_ready: 0,
        })
        .where('id', '=', videoId)
        .execute();
      return true;
    });
  }

  /** The owner's Retry: a failed job queued afresh. False when there is no failed job. */
  async requeue(videoId: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const queued = await trx
        .updateTable('processing_jobs')
        .set({
          state: 'queued',
          attempts: 0,
          run_after: now,
          last_error: null,
          updated_at: now,
        })
        .where('video_id', '=', videoId)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      if (Number(queued.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('videos')
        .set({ status: 'processing', processing_progress: 0, processing_error: null })
        .where('id', '=', videoId)
        .execute();
      return true;
    });
  }

  video(videoId: string): Promise<ProcessingVideo | undefined> {
    return this.db
      .selectFrom('videos')
      .select(['id', 'media_token', 'original_name', 'duration'])
      .where('id', '=', videoId)
      .executeTakeFirst();
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

  /** A failed job's state for its video, for the owner's Retry. */
  async jobState(videoId: string): Promise<{ state: string; attempts: number } | undefined> {
    const row = await this.db
      .selectFrom('processing_jobs')
      .select(['state', 'attempts'])
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    return row ? { state: row.state, attempts: Number(row.attempts) } : undefined;
  }
}
