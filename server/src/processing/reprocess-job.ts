import type { Updateable } from 'kysely';
import type { VideosTable } from '../db/schema.js';
import { videoPrefix } from '../storage/media-keys.js';
import type { JobContext, JobKind } from './jobs.js';
import { keptBytes, VideoRun, type VideoJobDeps } from './video-run.js';

/**
 * An operator's reprocess of a ready video (`npm run cli -- videos:reprocess`): every output
 * made again from its kept original, by today's plan and ladder, under a prefix of its own.
 */
export const VIDEO_REPROCESS = 'video.reprocess';

/** After every new upload's jobs (0 to 2): a batch of reprocesses never holds up an upload. */
export const REPROCESS_PRIORITY = 3;

/** What a finished reprocess writes on its video's row, with the new prefix. */
export type ReprocessedOutputs = Pick<
  Updateable<VideosTable>,
  'duration' | 'hls_ready' | 'storyboard_ready' | 'stored_bytes'
>;

/** The job's payload: the prefix token its outputs go to (`videos.reprocess_token`). */
export interface ReprocessPayload {
  token: string;
}

export interface ReprocessDeps {
  video: VideoJobDeps;
  /**
   * `VideoMedia.adoptPrefix`: the outputs under `token` become the video's, with `patch`, in
   * one step; false when the video or its reprocess is gone.
   */
  adoptPrefix(videoId: string, token: string, patch: ReprocessedOutputs): Promise<boolean>;
}

/**
 * The reprocess kind. The video stays ready and keeps playing its old outputs while the run
 * writes new ones under the pending token's prefix, touching nothing on its row; only when
 * every output exists do they become the video's (`adoptPrefix`). A run that fails for good
 * removes that prefix and clears the token, and the video plays on as before. A run finding
 * its token adopted already (its completion was lost) or cleared has nothing to do.
 */
export function reprocessJobKind(deps: ReprocessDeps, timeoutMs: number): JobKind {
  const { repo, blobs } = deps.video;
  const tokenOf = (ctx: JobContext) =>
    (JSON.parse(ctx.job.payload ?? '{}') as Partial<ReprocessPayload>).token;

  /** Everything under the pending prefix, unless it has become the video's own. */
  const removePending = async (videoId: string, token: string) => {
    const video = await repo.video(videoId);
    if (video?.media_token === token) return;
    const keys = await blobs.list(videoPrefix(videoId, token));
    await Promise.all(keys.map((key) => blobs.delete(key)));
  };

  return {
    name: VIDEO_REPROCESS,
    priority: REPROCESS_PRIORITY,
    maxAttempts: 3,
    timeoutMs,
    async run(ctx) {
      const token = tokenOf(ctx);
      const video = ctx.job.video_id ? await repo.video(ctx.job.video_id) : undefined;
      if (!token || !video || video.reprocess_token !== token) return {};
      const run = await VideoRun.open(deps.video, ctx, 'all', token);
      try {
        await run.steps(0, run.plan.steps.length);
        const adopted = await deps.adoptPrefix(video.id, token, {
          duration: run.duration,
          hls_ready: run.made.hls ? 1 : 0,
          storyboard_ready: run.made.storyboard ? 1 : 0,
          stored_bytes: (await keptBytes(blobs, run.video)) + run.storedBytes(),
        });
        if (!adopted) {
          await removePending(video.id, token);
          return {};
        }
        if (deps.video.keepOriginals) return {};
        // As after a first processing: an operator who keeps no originals gets the space back.
        return {
          afterCommit: async () => {
            await blobs.delete(`${videoPrefix(video.id, token)}${run.video.original_name}`);
            await repo.dropOriginal(video.id);
          },
        };
      } finally {
        await run.close();
      }
    },
    async failed(ctx) {
      const token = tokenOf(ctx);
      const videoId = ctx.job.video_id;
      if (!token || !videoId) return {};
      return {
        inTransaction: (trx) => repo.endReprocess(videoId, token, trx),
        cleanUp: () => removePending(videoId, token),
      };
    },
    async lost(ctx) {
      const token = tokenOf(ctx);
      if (ctx.job.video_id && token && !(await repo.video(ctx.job.video_id))) {
        await removePending(ctx.job.video_id, token);
      }
    },
  };
}
