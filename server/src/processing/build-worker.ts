import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { resolveFfmpegPath } from '../media/ffmpeg.js';
import { createFfprobe, type Prober } from '../media/ffprobe.js';
import { ProcessingRepository } from '../repositories/processing.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { workerScratchDir } from './scratch.js';
import { processingNotifier } from '../library/build-library.js';
import { ProcessingWorker, type WorkerOptions } from './worker.js';

/** Where workers on this data directory keep their scratch (see scratch.ts). */
export function processingScratchRoot(config: AppConfig): string {
  return path.join(config.dataDir, 'processing');
}

/** Poll and retry timings; tests shorten them. */
export const WORKER_TIMINGS = {
  // Short enough that an H.264 upload plays within a second of its upload answering.
  pollMs: 250,
  maxAttempts: 3,
  backoffMs: 15_000,
} as const;

/** A processing worker on this configuration's database, media store and ffmpeg. */
export function buildWorker(deps: {
  config: AppConfig;
  database: DatabaseHandle;
  blobs: BlobStore;
  probe?: Prober;
  ffmpegPath?: string;
  options?: Partial<WorkerOptions>;
}): ProcessingWorker {
  const { config } = deps;
  const options: WorkerOptions = {
    ...WORKER_TIMINGS,
    concurrency: config.processing.concurrency,
    timeoutMs: config.processing.jobTimeoutSeconds * 1000,
    leaseMs: config.processing.jobLeaseSeconds * 1000,
    ...deps.options,
  };
  const notify = processingNotifier(deps.database, options.now);
  return new ProcessingWorker(
    {
      repo: new ProcessingRepository(deps.database.db, deps.database.dialect),
      blobs: deps.blobs,
      probe: deps.probe ?? createFfprobe(),
      ffmpegPath: deps.ffmpegPath ?? resolveFfmpegPath(),
      scratchDir: workerScratchDir(processingScratchRoot(config)),
      maxVideoSeconds: config.processing.maxVideoSeconds,
    },
    {
      ...options,
      // The end of a job is where its owner hears of it (a failed write is only logged).
      onJobEnd: async (outcome, seconds, videoId) => {
        await options.onJobEnd?.(outcome, seconds, videoId);
        if (outcome !== 'done' && outcome !== 'failed') return;
        await notify(videoId, outcome).catch((err: Error) =>
          options.log?.('warn', `processing notification: ${err.message}`),
        );
      },
    },
  );
}
