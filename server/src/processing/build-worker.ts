import path from 'node:path';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { resolveFfmpegPath } from '../media/ffmpeg.js';
import { createFfprobe, type Prober } from '../media/ffprobe.js';
import { JobQueueRepository } from '../repositories/job-queue.repository.js';
import { MediaRepository } from '../repositories/media.repository.js';
import { ProcessingRepository } from '../repositories/processing.repository.js';
import { VideoMedia } from '../services/video-media.js';
import type { BlobStore } from '../storage/blob-store.js';
import { jobKinds } from './job-kinds.js';
import { workerScratchDir } from './scratch.js';
import { ProcessingWorker, type WorkerOptions } from './worker.js';

/** Where workers on this data directory keep their scratch (see scratch.ts). */
export function processingScratchRoot(config: AppConfig): string {
  return path.join(config.dataDir, 'processing');
}

/** The first retry's delay; tests shorten it. */
export const WORKER_TIMINGS = {
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
  const queue = new JobQueueRepository(deps.database.db, deps.database.dialect);
  const timeoutMs = config.processing.jobTimeoutSeconds * 1000;
  const media = new VideoMedia({
    blobs: deps.blobs,
    media: new MediaRepository(deps.database.db),
  });
  const kinds = jobKinds({
    timeoutMs,
    adoptPrefix: (videoId, token, patch) => media.adoptPrefix(videoId, token, patch),
    video: {
      repo: new ProcessingRepository(deps.database.db, deps.database.dialect),
      queue,
      blobs: deps.blobs,
      probe: deps.probe ?? createFfprobe(),
      ffmpegPath: deps.ffmpegPath ?? resolveFfmpegPath(),
      scratchDir: workerScratchDir(processingScratchRoot(config)),
      maxVideoSeconds: config.processing.maxVideoSeconds,
      keepOriginals: config.uploads.keepOriginals,
    },
  });
  return new ProcessingWorker(queue, kinds, {
    ...WORKER_TIMINGS,
    pollMs: config.processing.jobPollMs,
    concurrency: config.processing.concurrency,
    timeoutMs,
    leaseMs: config.processing.jobLeaseSeconds * 1000,
    ...deps.options,
  });
}
