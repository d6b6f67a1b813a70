// The job queue, and what processing writes on a video.
import { JOB, NOW, PROCESSING, WORKER, job } from '../repository-fixtures.js';
import { JobQueueRepository } from '../../src/repositories/job-queue.repository.js';
import { ProcessingRepository } from '../../src/repositories/processing.repository.js';
import { define } from './define.js';

export const JOB_QUEUE_QUERIES = define({
  file: 'job-queue.repository',
  make: (db, dialect) => new JobQueueRepository(db, dialect),
  calls: {
    enqueue: async (r) => {
      await r.enqueue({ ...job(JOB), now: NOW - 1000 });
      // The same owner's next job of the same priority is placed after it.
      await r.enqueue({ ...job('j-second'), videoId: null, now: NOW - 500 });
    },
    claim: async (r) => {
      await r.claim(WORKER, NOW, 30_000, 0);
      await r.claim(WORKER, NOW, 30_000);
    },
    queueStats: (r) => r.queueStats(NOW),
    queuePosition: (r) => r.queuePosition(PROCESSING),
    renew: (r) => r.renew(JOB, WORKER, NOW + 10_000, 30_000),
    retryLater: (r) => r.retryLater(JOB, WORKER, NOW, NOW + 60_000, 'ffmpeg exited with 1'),
    // Claimed again so that each of these acts on a job the worker holds.
    release: async (r) => {
      await r.claim(WORKER, NOW + 60_000, 30_000);
      await r.release(JOB, WORKER, NOW + 60_000);
    },
    complete: async (r) => {
      await r.claim(WORKER, NOW + 60_000, 30_000);
      await r.complete(JOB, WORKER);
    },
    fail: async (r) => {
      await r.enqueue({ ...job('j-failing'), now: NOW + 60_000 });
      await r.claim(WORKER, NOW + 60_000, 30_000);
      await r.fail('j-failing', WORKER, 'Not a video file', NOW);
    },
    hasFailed: (r) => r.hasFailed(PROCESSING),
    removeForVideo: (r) => r.removeForVideo(PROCESSING),
    removeKindForVideo: (r) => r.removeKindForVideo(PROCESSING, 'video.reprocess'),
  },
});

export const PROCESSING_QUERIES = define({
  file: 'processing.repository',
  make: (db, dialect) => new ProcessingRepository(db, dialect),
  calls: {
    video: (r) => r.video(PROCESSING),
    setProgress: (r) => r.setProgress(PROCESSING, 40),
    setOutputs: (r) =>
      r.setOutputs(PROCESSING, { video_key: 'videos/v/t/video.mp4', hls_ready: 1, duration: 31 }),
    markPlayable: (r) => r.markPlayable(PROCESSING),
    setStoredBytes: (r) => r.setStoredBytes(PROCESSING, 5000),
    markReady: (r) => r.markReady(PROCESSING, 9000),
    markFailed: (r) => r.markFailed(PROCESSING, 'Not a video file', 1200),
    restart: (r) => r.restart(PROCESSING, async () => true),
    dropOriginal: (r) => r.dropOriginal(PROCESSING),
    lockedToken: (r) => r.lockedToken(PROCESSING),
    startReprocess: (r) => r.startReprocess(PROCESSING, 'fedcba9876543210', async () => {}),
    endReprocess: (r) => r.endReprocess(PROCESSING, 'fedcba9876543210'),
    reprocessState: (r) => r.reprocessState(PROCESSING),
    reprocessable: (r) => r.reprocessable('', 200),
    notReprocessable: (r) => r.notReprocessable(),
  },
});
