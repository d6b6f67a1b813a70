import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Variant } from '../media/hls-playlists.js';
import type { NewJob } from '../repositories/job-queue.repository.js';
import { insertProcessedNotification } from '../repositories/notification-fanout.repository.js';
import { videoPrefix } from '../storage/media-keys.js';
import type { JobContext, JobKind } from './jobs.js';
import { keptBytes, outputKeysOf, VideoRun, type VideoJobDeps } from './video-run.js';

/** Makes a new upload playable (remux, or its top rendition), then its poster: the fast lane. */
export const VIDEO_PLAYABLE = 'video.playable';
/** Every other rendition in one pass, and the storyboard: then the video is ready. */
export const VIDEO_LADDER = 'video.ladder';

/**
 * One user's jobs of one priority are placed at least this far apart in the queue's order, so
 * an upload by someone else arriving within a minute of a batch runs before the batch's
 * second job (docs/architecture.md, "The job queue").
 */
export const FAIR_SPACING_MS = 60_000;

/** A job's id: 24 hex characters, like every id in the queue. */
export const newJobId = () => randomBytes(12).toString('hex');

/** After every playable job, cheap (0) or not (1). */
const LADDER_PRIORITY = 2;

/**
 * The first job of a new upload (or a Retry), added in the transaction that adds its row: in
 * the fast lane (priority 0) when making it playable is cheap (see `playablePriority`).
 */
export function firstVideoJob(
  videoId: string,
  ownerId: string,
  now: number,
  priority: number,
): NewJob {
  return {
    id: newJobId(),
    kind: VIDEO_PLAYABLE,
    videoId,
    ownerId,
    priority,
    spacingMs: FAIR_SPACING_MS,
    now,
  };
}

/** What the ladder job needs from the playable one: the top variant it cut, if any. */
interface LadderPayload {
  top?: Variant;
}

/**
 * The two kinds that process a video, as lists of steps (processing/plan.ts): fetch and probe
 * the original, then the playable steps, or the ladder steps. A failure of either ends the
 * video `failed` and removes its outputs, keeping the original and thumbnail for a Retry.
 */
export function videoJobKinds(deps: VideoJobDeps, timeoutMs: number): JobKind[] {
  const { repo, queue, blobs } = deps;

  const failureOf = (
    video: { id: string; media_token: string | null },
    reason: string,
    kept: number,
    now: number,
  ) => ({
    inTransaction: async (trx: Transaction<Database>) => {
      await repo.markFailed(video.id, reason, kept, trx);
      // Its owner hears of it with the failure itself.
      await insertProcessedNotification(trx, video.id, 'processing_failed', now);
    },
    cleanUp: async () => {
      // Only outputs go: the original and thumbnail stay, for the owner's Retry.
      if (!video.media_token) return;
      const prefix = videoPrefix(video.id, video.media_token);
      const keys = outputKeysOf(prefix, await blobs.list(prefix));
      await Promise.all(keys.map((key) => blobs.delete(key)));
    },
  });

  /** The job is not this run's any more: if its video is gone, take back what it stored. */
  const lost = async (ctx: JobContext) => {
    if (ctx.job.video_id && (await repo.video(ctx.job.video_id))) return;
    await Promise.all([...ctx.stored].map((key) => blobs.delete(key)));
  };

  const common = { maxAttempts: 3, timeoutMs, lost };

  const playable: JobKind = {
    ...common,
    name: VIDEO_PLAYABLE,
    priority: 0,
    async run(ctx) {
      const run = await VideoRun.open(deps, ctx, 'playable');
      try {
        await run.steps(0, run.plan.ladderFrom);
        const stored = (await keptBytes(blobs, run.video)) + run.storedBytes();
        const payload: LadderPayload = { top: run.variants[0] };
        const video = run.video;
        return {
          inTransaction: async (trx) => {
            await run.assertSamePrefix(trx);
            await repo.setStoredBytes(video.id, stored, trx);
            await queue.enqueue(
              {
                id: newJobId(),
                kind: VIDEO_LADDER,
                videoId: video.id,
                ownerId: video.owner_id,
                payload: JSON.stringify(payload),
                priority: LADDER_PRIORITY,
                spacingMs: FAIR_SPACING_MS,
                now: ctx.now(),
              },
              trx,
            );
          },
        };
      } finally {
        await run.close();
      }
    },
    failed: async (ctx, reason) => {
      const video = ctx.job.video_id ? await repo.video(ctx.job.video_id) : undefined;
      return video ? failureOf(video, reason, await keptBytes(blobs, video), ctx.now()) : {};
    },
  };

  const ladder: JobKind = {
    ...common,
    name: VIDEO_LADDER,
    priority: LADDER_PRIORITY,
    async run(ctx) {
      const run = await VideoRun.open(deps, ctx, 'ladder');
      try {
        const payload = JSON.parse(ctx.job.payload ?? '{}') as LadderPayload;
        if (payload.top) run.variants.push(payload.top);
        await run.steps(run.plan.ladderFrom, run.plan.steps.length);
        const video = run.video;
        const stored = video.stored_bytes + run.storedBytes();
        return {
          inTransaction: async (trx) => {
            await run.assertSamePrefix(trx);
            await repo.markReady(video.id, stored, trx);
            // Its owner hears it is ready in the transaction that says so.
            await insertProcessedNotification(trx, video.id, 'processing_done', ctx.now());
          },
          afterCommit: async () => {
            if (deps.keepOriginals) return;
            // Every output exists: an operator who keeps no originals gets the space back.
            await blobs.delete(`${run.prefix}${video.original_name}`);
            await repo.dropOriginal(video.id);
          },
        };
      } finally {
        await run.close();
      }
    },
    failed: playable.failed,
  };
  return [playable, ladder];
}
