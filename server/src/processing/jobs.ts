import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ClaimedJob } from '../repositories/job-queue.repository.js';

/**
 * A kind of job: what runs it and on what terms. The queue (`processing_jobs`) holds jobs of
 * every kind with the same leases, retries and fair order; the worker runs any claimed job
 * through its kind. To add a kind, see "How to add a job kind" in docs/architecture.md: write
 * one `JobKind` and list it in `job-kinds.ts`.
 */
export interface JobKind {
  /** Stored in `processing_jobs.kind`, e.g. `video.playable`. */
  readonly name: string;
  /**
   * The priority its jobs are usually queued at (the enqueuer may choose another): 0 runs
   * before 1, and so on. The fast lane takes only priority 0, kept for cheap work someone is
   * waiting to see (a video becoming playable from a copy or a short encode).
   */
  readonly priority: number;
  /** Claims before it fails for good, counting claims whose worker died. */
  readonly maxAttempts: number;
  /** The time a run may take before it is stopped, until the run narrows it (`setBudget`). */
  readonly timeoutMs: number;
  /** Does the work; answers what completes it, in the transaction that removes the job. */
  run(ctx: JobContext): Promise<JobDone>;
  /**
   * The job failed for good (`reason`): `inTransaction` runs with the job's `failed` state
   * (a video's state), `cleanUp` after the commit (its half-made outputs). Absent: nothing.
   */
  failed?(ctx: JobContext, reason: string): Promise<JobFailure>;
  /** The job is no longer this run's (its video was deleted, or another worker took it). */
  lost?(ctx: JobContext): Promise<void>;
}

export interface JobDone {
  /** What finishing means for this kind (the next job, a video's state), in one transaction. */
  inTransaction?(trx: Transaction<Database>): Promise<void>;
  /** After the commit (files no longer needed). */
  afterCommit?(): Promise<void>;
}

export interface JobFailure {
  inTransaction?(trx: Transaction<Database>): Promise<void>;
  cleanUp?(): Promise<void>;
}

export interface JobContext {
  job: ClaimedJob;
  /** Aborted when the run must stop: lease lost, time up, shutting down. */
  signal: AbortSignal;
  /** Every key this run stored, so a cancelled run can take them back. */
  stored: Set<string>;
  /**
   * Narrows the run's time limit once its size is known (a source's duration, size and frame
   * rate), counted from the run's start; past it the run fails with `describe` in its reason.
   */
  setBudget(ms: number, describe: string): void;
  now(): number;
}

/** A reason the owner can read, and retrying would not change: the job fails at once. */
export class PermanentFailure extends Error {}

/**
 * The run must give its job back to the queue untouched (its video moved to a new prefix
 * while it wrote): it starts again from scratch, and this claim does not count.
 */
export class ReleaseJob extends Error {}
