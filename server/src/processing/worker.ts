import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { ClaimedJob } from '../repositories/processing.repository.js';
import { videoPrefix } from '../storage/media-keys.js';
import {
  outputKeysOf,
  PermanentFailure,
  PrefixMoved,
  processVideo,
  type ProcessDeps,
} from './process-video.js';
import { unexpectedFailureReason } from './failure-reasons.js';

export interface WorkerOptions {
  /** Jobs run at once by this worker (WORKER_CONCURRENCY). */
  concurrency: number;
  /** A lease not renewed for this long lets another worker take the job. */
  leaseMs: number;
  /** How often an idle worker looks for work. */
  pollMs: number;
  /** A job still running after this is stopped (and retried, then failed). */
  timeoutMs: number;
  /** Claims of one job before it fails for good, counting claims whose worker died. */
  maxAttempts: number;
  /** First retry delay; each later one is four times longer. */
  backoffMs: number;
  now?: () => number;
  log?: (level: 'info' | 'warn' | 'error', message: string) => void;
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
 * Claims jobs from the queue and processes them, at most `concurrency` at a time. While a job
 * runs its lease is renewed; if renewal finds the job gone (the video was deleted) or taken
 * (this worker stalled past its lease), ffmpeg is killed at once. A killed worker renews
 * nothing, so its lease runs out and another worker starts the job again from scratch.
 */
export class ProcessingWorker {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<string, AbortController>();
  private stopping = false;
  private loops: Promise<void>[] = [];
  private wake: (() => void) | undefined;

  constructor(
    private readonly deps: ProcessDeps,
    private readonly options: WorkerOptions,
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  private log(level: 'info' | 'warn' | 'error', message: string): void {
    this.options.log?.(level, message);
  }

  /** Starts `concurrency` loops that claim and run jobs until `stop`. */
  start(): void {
    for (let i = 0; i < Math.max(1, this.options.concurrency); i += 1) {
      this.loops.push(this.loop());
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let worked = false;
      try {
        worked = await this.runOnce();
      } catch (err) {
        this.log('error', `processing loop: ${(err as Error).message}`);
      }
      if (!worked && !this.stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  /** Stops claiming, stops running jobs and gives them back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    for (const controller of this.running.values()) controller.abort(new Stop('shutdown'));
    await Promise.all(this.loops);
  }

  /** Every due job, one after another, until none is left (tests, and a one-shot run). */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOnce()) n += 1;
    return n;
  }

  /** Claims one due job and runs it to its end; false when none was due. */
  async runOnce(): Promise<boolean> {
    const job = await this.deps.repo.claim(this.id, this.now(), this.options.leaseMs);
    if (!job) return false;
    await this.run(job);
    return true;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const { repo } = this.deps;
    if (job.attempts > this.options.maxAttempts) {
      await repo.fail(
        job.id,
        this.id,
        job.video_id,
        'Processing stopped before finishing too many times.',
        this.now(),
      );
      this.options.onJobEnd?.('failed', 0);
      return;
    }
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const stored = new Set<string>();
    let lastPercent = -1;
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    const renew = setInterval(
      () => {
        repo
          .renew(job.id, this.id, this.now(), this.options.leaseMs)
          .then((held) => {
            if (!held) controller.abort(new Stop('lost'));
          })
          .catch((err) => this.log('warn', `lease renewal: ${(err as Error).message}`));
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    const timeout = setTimeout(() => controller.abort(new Stop('timeout')), this.options.timeoutMs);
    const started = performance.now();
    let outcome: JobOutcome = 'lost';
    try {
      await processVideo(this.deps, {
        videoId: job.video_id,
        signal: controller.signal,
        stored,
        onProgress: (percent) => {
          const at = Date.now();
          if (percent === lastPercent || at - lastWrite < 500) return;
          lastPercent = percent;
          lastWrite = at;
          writing = writing.then(() => repo.setProgress(job.video_id, percent)).catch(() => {});
        },
      });
      await writing;
      if (await repo.complete(job.id, this.id, job.video_id)) outcome = 'done';
      else await this.abandoned(job, stored);
    } catch (err) {
      await writing;
      outcome = await this.failed(job, err, stored);
    } finally {
      clearInterval(renew);
      clearTimeout(timeout);
      this.running.delete(job.id);
      this.options.onJobEnd?.(outcome, (performance.now() - started) / 1000);
    }
  }

  /** The job is no longer ours: if its video is gone, take back what this run stored. */
  private async abandoned(job: ClaimedJob, stored: Set<string>): Promise<void> {
    if (await this.deps.repo.video(job.video_id)) return;
    await Promise.all([...stored].map((key) => this.deps.blobs.delete(key)));
  }

  private async failed(job: ClaimedJob, err: unknown, stored: Set<string>): Promise<JobOutcome> {
    const { repo } = this.deps;
    const stop = err instanceof Stop ? err : undefined;
    if (stop?.why === 'lost') {
      await this.abandoned(job, stored);
      return 'lost';
    }
    if (stop?.why === 'shutdown') {
      await repo.release(job.id, this.id, this.now());
      return 'released';
    }
    if (err instanceof PrefixMoved) {
      // Written under the old prefix after the move: not the video's files any more.
      await Promise.all([...stored].map((key) => this.deps.blobs.delete(key)));
      await repo.release(job.id, this.id, this.now());
      return 'released';
    }
    const permanent = err instanceof PermanentFailure;
    const reason = permanent
      ? (err as Error).message
      : stop?.why === 'timeout'
        ? `Processing did not finish within ${formatLimit(this.options.timeoutMs)}.`
        : unexpectedFailureReason(err);
    if (!permanent && !stop) this.log('error', `job ${job.id}: ${(err as Error)?.stack ?? err}`);
    if (!permanent && job.attempts < this.options.maxAttempts) {
      const at = this.now() + backoffDelay(job.attempts, this.options.backoffMs);
      await repo.retryLater(job.id, this.id, this.now(), at, reason);
      return 'retry';
    }
    if (await repo.fail(job.id, this.id, job.video_id, reason, this.now())) {
      // A failed video keeps its original (for Retry) and thumbnail, nothing half-made.
      const video = await repo.video(job.video_id);
      if (video?.media_token) {
        const prefix = videoPrefix(video.id, video.media_token);
        const keys = outputKeysOf(prefix, await this.deps.blobs.list(prefix));
        await Promise.all(keys.map((key) => this.deps.blobs.delete(key)));
      }
      return 'failed';
    }
    await this.abandoned(job, stored);
    return 'lost';
  }
}
