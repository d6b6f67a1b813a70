import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** A job a worker holds: its lease is renewed while it works. */
export interface ClaimedJob {
  id: string;
  kind: string;
  video_id: string | null;
  owner_id: string | null;
  payload: string | null;
  priority: number;
  /** Including this claim. */
  attempts: number;
}

/** A job to add to the queue. */
export interface NewJob {
  id: string;
  kind: string;
  videoId: string | null;
  ownerId: string | null;
  payload?: string | null;
  priority: number;
  /**
   * How far apart one owner's jobs of the same priority are placed in the queue's order: a
   * user who adds many at once gets turns spaced by this, so another user's job added a little
   * later runs between them.
   */
  spacingMs: number;
  now: number;
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

type Executor = Kysely<Database> | Transaction<Database>;

/** The PostgreSQL channel `enqueue` notifies (processing/job-notifications.ts listens). */
export const JOBS_CHANNEL = 'vidshare_jobs';

const NO_LEASE = { lease_owner: null, lease_expires_at: null } as const;

/**
 * The durable job queue (`processing_jobs`): jobs of every kind, with row leases. SQL only;
 * what a kind does is in processing/job-kinds.ts.
 */
export class JobQueueRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Adds a job. Its place (`fair_key`) is now, or just after the owner's latest unfinished job
   * of the same priority when that is later: one statement, so the owner's own jobs read the
   * latest key as they are added.
   */
  async enqueue(job: NewJob, db: Executor = this.db): Promise<void> {
    const after =
      job.ownerId === null
        ? sql<number>`${job.now}`
        : sql<number>`coalesce((select max(fair_key) from processing_jobs
            where owner_id = ${job.ownerId} and priority = ${job.priority}
              and state in ('queued', 'running')) + ${job.spacingMs}, 0)`;
    await sql`insert into processing_jobs (id, kind, video_id, owner_id, payload, priority,
        fair_key, state, attempts, run_after, created_at, updated_at)
      values (${job.id}, ${job.kind}, ${job.videoId}, ${job.ownerId}, ${job.payload ?? null},
        ${job.priority}, (select case when x.k > ${job.now} then x.k else ${job.now} end
          from (select ${after} as k) x),
        'queued', 0, ${job.now}, ${job.now}, ${job.now})`.execute(db);
    // Workers listening on PostgreSQL hear of it once it commits (processing/job-notifications.ts).
    if (this.dialect === 'postgres') {
      await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(db);
    }
  }

  /**
   * Takes the next due job: a queued one whose backoff has passed, or a running one whose
   * worker stopped renewing its lease; the lowest priority number first, then the earliest
   * fair turn. `maxPriority` keeps a lane to urgent work only. One statement: on PostgreSQL the
   * candidate row is locked and rows other workers are claiming are skipped (`for update skip
   * locked`); on SQLite the statement runs under the database's single write lock.
   */
  async claim(
    workerId: string,
    now: number,
    leaseMs: number,
    maxPriority?: number,
  ): Promise<ClaimedJob | undefined> {
    const lock = this.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const lane = maxPriority === undefined ? sql`` : sql`priority <= ${maxPriority} and`;
    const result = await sql<ClaimedJob>`
      update processing_jobs
      set state = 'running', lease_owner = ${workerId}, lease_expires_at = ${now + leaseMs},
        attempts = attempts + 1, updated_at = ${now}
      where id = (
        select id from processing_jobs
        where ${lane} ((state = 'queued' and run_after <= ${now})
            or (state = 'running' and lease_expires_at < ${now}))
        order by priority, fair_key, id
        limit 1
        ${lock}
      )
      returning id, kind, video_id, owner_id, payload, priority, attempts`.execute(this.db);
    const row = result.rows[0];
    return row
      ? { ...row, attempts: Number(row.attempts), priority: Number(row.priority) }
      : undefined;
  }

  /**
   * A waiting video's place in the queue, 1 being the next job a worker claims; undefined when
   * none of its jobs is waiting (running, failed, or gone). Counted in the claim's order
   * (priority, fair_key, id) among the queued jobs, from the video's first waiting job, in one
   * statement: the one place besides `claim` that knows the queue's order, so a new order
   * changes the two together.
   */
  async queuePosition(videoId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('processing_jobs as j')
      .select((eb) =>
        eb
          .selectFrom('processing_jobs as q')
          .select(sql<number>`count(*)`.as('n'))
          .where('q.state', '=', 'queued')
          .where((w) =>
            w.or([
              w('q.priority', '<', w.ref('j.priority')),
              w.and([
                w('q.priority', '=', w.ref('j.priority')),
                w.or([
                  w('q.fair_key', '<', w.ref('j.fair_key')),
                  w.and([w('q.fair_key', '=', w.ref('j.fair_key')), w('q.id', '<', w.ref('j.id'))]),
                ]),
              ]),
            ]),
          )
          .as('ahead'),
      )
      .where('j.video_id', '=', videoId)
      .where('j.state', '=', 'queued')
      .orderBy('j.priority')
      .orderBy('j.fair_key')
      .orderBy('j.id')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.ahead) + 1 : undefined;
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
  private held(db: Executor, jobId: string, workerId: string) {
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

  /**
   * The job's end: its row goes, and `then` (what its kind does once done: the next job, the
   * video's state) runs in the same transaction, only while this worker holds the job.
   */
  async complete(
    jobId: string,
    workerId: string,
    then: (trx: Transaction<Database>) => Promise<void> = async () => {},
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('processing_jobs')
        .where('id', '=', jobId)
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return false;
      await then(trx);
      return true;
    });
  }

  /**
   * Gives up: the job stays `failed` with `reason` (a video's owner may retry it), and `then`
   * (its kind's failure effects) runs in the same transaction, only while this worker holds it.
   */
  async fail(
    jobId: string,
    workerId: string,
    reason: string,
    now: number,
    then: (trx: Transaction<Database>) => Promise<void> = async () => {},
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const failed = await this.held(trx, jobId, workerId)
        .set({ state: 'failed', ...NO_LEASE, last_error: reason, updated_at: now })
        .executeTakeFirst();
      if (Number(failed.numUpdatedRows) === 0) return false;
      await then(trx);
      return true;
    });
  }

  /** Removes a video's jobs of every kind (a retry starts from the first one again). */
  async removeForVideo(videoId: string, db: Executor = this.db): Promise<number> {
    const result = await db
      .deleteFrom('processing_jobs')
      .where('video_id', '=', videoId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Removes a video's jobs of one kind (a failed one, before its kind runs again). */
  async removeKindForVideo(videoId: string, kind: string, db: Executor = this.db): Promise<void> {
    await db
      .deleteFrom('processing_jobs')
      .where('video_id', '=', videoId)
      .where('kind', '=', kind)
      .execute();
  }

  /** Whether the video has a failed job (what a Retry needs). */
  async hasFailed(videoId: string, db: Executor = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('processing_jobs')
      .select('id')
      .where('video_id', '=', videoId)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    return row !== undefined;
  }
}
