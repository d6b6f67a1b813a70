import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { ClaimedJob, JobQueueRepository } from '../repositories/job-queue.repository.js';
import {
  PermanentFailure,
  ReleaseJob,
  type JobContext,
  type JobFailure,
  type JobKind,
} from './jobs.js';
import { unexpectedFailureReason } from './failure-reasons.js';

export interface WorkerOptions {
  /** Jobs of any kind run at once by this worker (WORKER_CONCURRENCY). */
  concurrency: number;
  /**
   * One more slot that takes only priority-0 work (a video becoming playable), so a short
   * upload plays while every other slot is busy with long encodes. On by default.
   */
  fastLane?: boolean;
  /** A lease not renewed for this long lets another worker take the job. */
  leaseMs: number;
  /** How often an idle worker looks for work. */
  pollMs: number;
  /** Upper bound on any run, whatever its kind or budget (JOB_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** First retry delay; each later one is four times longer. */
  backoffMs: number;
  /** Caps every kind's attempts (an operator's or a test's choice); unset: each kind's own. */
  maxAttempts?: number;
  now?: () => number;
  /** Structured lines: `fields` carry the job, its kind, video and durations. */
  log?: (
    level: 'info' | 'warn' | 'error',
    message: string,
    fields?: Record<string, unknown>,
  ) => void;
  /** Each run's end and wall time, for metrics. */
  onJobEnd?: (outcome: JobOutcome, seconds: number) => void;
}

/**
 * How one run of a job ended: `done`; `retry` (queued again after a backoff); `failed` for
 * good; `released` (given back unfinished: shutdown, or the prefix moved); `lost` (the video
 * was deleted or another worker holds the job).
 */
export type JobOutcome = 'done' | 'retry' | 'failed' | 'released' | 'lost';

/** `90 seconds`, `30 minutes`: how long a job may run, for the owner's reason. */
export function formatLimit(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.round(seconds / 60)} minutes`;
}

/** Delay before retry `attempt` (1-based): base, 4×, 16×… */
export function backoffDelay(attempt: number, baseMs: number): number {
  return baseMs * 4 ** Math.max(0, attempt - 1);
}

class Stop extends Error {
  constructor(readonly why: 'lost' | 'timeout' | 'shutdown') {
    super(why);
  }
}

/**
 * Claims jobs from the queue and runs each through its kind, at most `concurrency` at a time
 * plus the fast lane. While a job runs its lease is renewed; if renewal finds the job gone (the
 * video was deleted) or taken (this worker stalled past its lease), the run is stopped at once.
 * A killed worker renews nothing, so its lease runs out and another worker starts the job again
 * from scratch. Start, end, failure and retry of every run are logged with their durations.
 */
export class ProcessingWorker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<string, AbortController>();
  private readonly kinds: ReadonlyMap<string, JobKind>;
  private stopping = false;
  private loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();
  /** Counts `wake` calls, so a loop whose claim raced one does not go to sleep past it. */
  private wakes = 0;

  constructor(
    private readonly queue: JobQueueRepository,
    kinds: readonly JobKind[],
    private readonly options: WorkerOptions,
  ) {
    this.kinds = new Map(kinds.map((k) => [k.name, k]));
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  private log(
    level: 'info' | 'warn' | 'error',
    message: string,
    fields?: Record<string, unknown>,
  ): void {
    this.options.log?.(level, message, fields);
  }

  /** Starts `concurrency` loops that claim any job, and the fast lane's, until `stop`. */
  start(): void {
    for (let i = 0; i < Math.max(1, this.options.concurrency); i += 1) {
      this.loops.push(this.loop(undefined));
    }
    if (this.options.fastLane !== false) this.loops.push(this.loop(0));
  }

  private async loop(maxPriority: number | undefined): Promise<void> {
    while (!this.stopping) {
      let worked = false;
      const wakesBefore = this.wakes;
      try {
        worked = await this.runOnce(maxPriority);
      } catch (err) {
        this.log('error', `processing loop: ${(err as Error).message}`);
      }
      if (!worked && !this.stopping && this.wakes === wakesBefore) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.wakers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, this.options.pollMs);
          this.wakers.add(wake);
        });
      }
    }
  }

  /**
   * Jobs were queued (processing/jobs-queued.ts): idle loops look at the queue now rather than
   * at their next poll, and a loop still reading it looks once more.
   */
  wake(): void {
    this.wakes += 1;
    for (const wake of [...this.wakers]) wake();
  }

  /** Stops claiming, stops running jobs and gives them back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const wake of [...this.wakers]) wake();
    for (const controller of this.running.values()) controller.abort(new Stop('shutdown'));
    await Promise.all(this.loops);
  }

  /** Every due job, one after another, until none is left (tests, and a one-shot run). */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOnce()) n += 1;
    return n;
  }

  /** Claims one due job (of at most `maxPriority`) and runs it to its end; false when none. */
  async runOnce(maxPriority?: number): Promise<boolean> {
    const job = await this.queue.claim(this.id, this.now(), this.options.leaseMs, maxPriority);
    if (!job) return false;
    await this.run(job);
    return true;
  }

  private fieldsOf(job: ClaimedJob): Record<string, unknown> {
    return {
      jobId: job.id,
      kind: job.kind,
      ...(job.video_id ? { videoId: job.video_id } : {}),
      attempt: job.attempts,
    };
  }

  private async run(job: ClaimedJob): Promise<void> {
    const kind = this.kinds.get(job.kind);
    const started = performance.now();
    const fields = this.fieldsOf(job);
    const end = (outcome: JobOutcome, level: 'info' | 'warn' | 'error', extra = {}) => {
      const durationMs = Math.round(performance.now() - started);
      this.log(level, `job ${outcome}`, { ...fields, outcome, durationMs, ...extra });
      this.options.onJobEnd?.(outcome, durationMs / 1000);
    };
    if (!kind) {
      // A kind this build does not know (a newer worker added it): left for a worker that does.
      await this.queue.release(job.id, this.id, this.now());
      end('released', 'warn', { reason: `unknown job kind ${job.kind}` });
      return;
    }
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const stored = new Set<string>();
    const limit = { ms: Math.min(kind.timeoutMs, this.options.timeoutMs), describe: '' };
    let timeout = setTimeout(() => controller.abort(new Stop('timeout')), limit.ms);
    const ctx: JobContext = {
      job,
      signal: controller.signal,
      stored,
      now: () => this.now(),
      setBudget: (ms, describe) => {
        // Past JOB_TIMEOUT_SECONDS the global limit applies, retried like any other timeout.
        if (ms >= this.options.timeoutMs) return;
        limit.ms = ms;
        limit.describe = describe;
        clearTimeout(timeout);
        const left = Math.max(0, limit.ms - (performance.now() - started));
        timeout = setTimeout(() => controller.abort(new Stop('timeout')), left);
        this.log('info', 'job budget', { ...fields, budgetMs: limit.ms, budgetFor: describe });
      },
    };
    const renew = setInterval(
      () => {
        this.queue
          .renew(job.id, this.id, this.now(), this.options.leaseMs)
          .then((held) => {
            if (!held) controller.abort(new Stop('lost'));
          })
          .catch((err) => this.log('warn', `lease renewal: ${(err as Error).message}`, fields));
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    const maxAttempts = Math.min(kind.maxAttempts, this.options.maxAttempts ?? Infinity);
    this.log('info', 'job started', fields);
    try {
      if (job.attempts > maxAttempts) {
        throw new PermanentFailure('Processing stopped before finishing too many times.');
      }
      const done = await kind.run(ctx);
      if (
        await this.queue.complete(job.id, this.id, (trx) => done.inTransaction?.(trx) ?? noop())
      ) {
        await done.afterCommit?.();
        end('done', 'info');
        // A finished job may have queued the next (a video's ladder after its playable
        // version), which a loop of another lane, idle now, would otherwise find at its poll.
        this.wake();
      } else {
        await kind.lost?.(ctx);
        end('lost', 'warn');
      }
    } catch (err) {
      const { outcome, reason, retryInMs } = await this.failed(kind, ctx, err, limit, maxAttempts);
      const level = outcome === 'failed' ? 'warn' : outcome === 'retry' ? 'warn' : 'info';
      end(outcome, level, {
        ...(reason ? { reason } : {}),
        ...(retryInMs !== undefined ? { retryInMs } : {}),
      });
    } finally {
      clearInterval(renew);
      clearTimeout(timeout);
      this.running.delete(job.id);
    }
  }

  private async failed(
    kind: JobKind,
    ctx: JobContext,
    err: unknown,
    limit: { ms: number; describe: string },
    maxAttempts: number,
  ): Promise<{ outcome: JobOutcome; reason?: string; retryInMs?: number }> {
    const { job } = ctx;
    // A stopped run throws whatever its step made of the abort (a pipeline's AbortError, a
    // killed ffmpeg): the stop is the cause, unless the run had already failed for its own.
    const stopped = ctx.signal.aborted && ctx.signal.reason instanceof Stop;
    const stop =
      err instanceof Stop
        ? err
        : stopped && !(err instanceof PermanentFailure) && !(err instanceof ReleaseJob)
          ? (ctx.signal.reason as Stop)
          : undefined;
    if (stop?.why === 'lost') {
      await kind.lost?.(ctx);
      return { outcome: 'lost' };
    }
    if (stop?.why === 'shutdown' || err instanceof ReleaseJob) {
      await this.queue.release(job.id, this.id, this.now());
      return { outcome: 'released' };
    }
    const overBudget = stop?.why === 'timeout';
    // Past its budget a job fails at once: the same source would only take as long again.
    const permanent = err instanceof PermanentFailure || (overBudget && limit.describe !== '');
    const reason =
      err instanceof PermanentFailure
        ? err.message
        : overBudget
          ? limit.describe
            ? `Processing stopped: it went past its budget of ${formatLimit(limit.ms)} for ${limit.describe}.`
            : `Processing did not finish within ${formatLimit(limit.ms)}.`
          : unexpectedFailureReason(err);
    if (!permanent && !stop) {
      this.log('error', `job error: ${(err as Error)?.stack ?? err}`, this.fieldsOf(job));
    }
    if (!permanent && job.attempts < maxAttempts) {
      const retryInMs = backoffDelay(job.attempts, this.options.backoffMs);
      await this.queue.retryLater(job.id, this.id, this.now(), this.now() + retryInMs, reason);
      return { outcome: 'retry', reason, retryInMs };
    }
    const failure: JobFailure = (await kind.failed?.(ctx, reason)) ?? {};
    if (
      await this.queue.fail(job.id, this.id, reason, this.now(), (trx) =>
        failure.inTransaction ? failure.inTransaction(trx) : noop(),
      )
    ) {
      await failure.cleanUp?.();
      return { outcome: 'failed', reason };
    }
    await kind.lost?.(ctx);
    return { outcome: 'lost' };
  }
}

const noop = async () => {};
