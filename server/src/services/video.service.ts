import {
  MESSAGES,
  VISIBILITIES,
  videoEditBody,
  type Video,
  type VideoDetail,
  type VideoListQuery,
} from '@contract';
import type { UploadedFile } from '../http/multipart.js';
import { AppError, conflict, forbidden, notFound, stillProcessing } from '../lib/errors.js';
import { ID_PATTERN } from '../lib/ids.js';
import { firstVideoJob } from '../processing/video-jobs.js';
import type { JobsQueued } from '../processing/jobs-queued.js';
import type { JobQueueRepository } from '../repositories/job-queue.repository.js';
import type { ProcessingRepository } from '../repositories/processing.repository.js';
import { reencodeImage } from '../media/image.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { VideoEngagementRepository } from '../repositories/video-engagement.repository.js';
import {
  visibilityPatch,
  type VideoRepository,
  type VideoWithOwner,
} from '../repositories/video.repository.js';
import type { BlobStat, BlobStore } from '../storage/blob-store.js';
import { contentTypeOfKey } from '../storage/media-keys.js';
import { formFieldsOrThrow } from '../lib/form-body.js';
import { pageInfo, resolveSort, viewerKey } from '../rules/video-query.js';
import { decodeCursor, pageOf } from '../rules/list-cursor.js';
import type { VideoCards } from '../caches/video-cards.js';
import type { MediaUrls } from './media-urls.js';
import { toVideo, toVideoDetail } from '../mappers/video.mapper.js';
import type { VideoMedia } from './video-media.js';
import { rotatesMediaToken } from '../rules/media-rotation.js';

export const VIDEO_NOT_FOUND = MESSAGES.videoNotFoundApi;
export const VIDEO_PROCESSING = MESSAGES.videoProcessing;
const VIEW_WINDOW_MS = 60 * 60 * 1000;

export interface UpdateInput {
  fields: Record<string, unknown>;
  thumbnail: UploadedFile | undefined;
}

export interface VideoPage {
  data: Video[];
  totalVideos: number;
  totalPages: number;
  currentPage: number;
  nextCursor: string | null;
}

export class VideoService {
  constructor(
    private readonly deps: {
      videos: VideoRepository;
      cards: VideoCards;
      engagement: VideoEngagementRepository;
      media: VideoMedia;
      blobs: BlobStore;
      processing: ProcessingRepository;
      queue: JobQueueRepository;
      /** Told once a retry's job is committed, to wake the worker. */
      jobsQueued?: JobsQueued;
      urls: MediaUrls;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  private async mustFind(id: string): Promise<VideoWithOwner> {
    const row = await this.deps.videos.findWithOwner(id);
    if (!row) throw notFound(VIDEO_NOT_FOUND);
    return row;
  }

  /**
   * Private videos exist only for their owner: anyone else gets the same 404 as a bad id.
   * Comments and likes reach a video through this same rule. With `sayProcessing`, a video its
   * owner chose to share that is still being processed is a 404 with the reason `processing`
   * instead (the video page says so, without its title, and asks again).
   */
  async findVisible(
    id: string,
    viewer: UserRow | undefined,
    { sayProcessing = false }: { sayProcessing?: boolean } = {},
  ): Promise<VideoWithOwner> {
    if (!ID_PATTERN.test(id)) throw notFound(VIDEO_NOT_FOUND);
    return visibleTo(await this.mustFind(id), viewer, sayProcessing);
  }

  /**
   * The video as a visitor finds it in lists, or undefined: what link previews (page heads,
   * oEmbed) may describe. Built on `findVisible` (who may see it at all), then listed only.
   */
  async findListed(id: string): Promise<VideoWithOwner | undefined> {
    try {
      const row = await this.findVisible(id, undefined);
      return row.visibility === 'public' ? row : undefined;
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return undefined;
      throw err;
    }
  }

  /** A video's answer shape, with its media URLs, from a row already read. */
  present(row: VideoWithOwner): Video {
    return toVideo(row, this.deps.urls);
  }

  /** The video, when the viewer owns it: 404 if they may not see it, 403 if not theirs. */
  async findOwned(id: string, viewer: UserRow): Promise<VideoWithOwner> {
    const row = await this.findVisible(id, viewer);
    if (row.owner_id !== viewer.id) throw forbidden('Only the owner can change this video.');
    return row;
  }

  async get(id: string, viewer: UserRow | undefined): Promise<VideoDetail> {
    if (!ID_PATTERN.test(id)) throw notFound(VIDEO_NOT_FOUND);
    // The same rule as findVisible, on a row read with the viewer's like and subscription.
    const found = await this.deps.videos.findForWatch(id, viewer?.id);
    if (!found) throw notFound(VIDEO_NOT_FOUND);
    const row = visibleTo(found, viewer, true);
    // Only the owner ever sees a video being processed; its place in the queue is theirs.
    const waiting = row.status === 'processing' && row.owner_id === viewer?.id;
    const queuePosition = waiting ? await this.deps.queue.queuePosition(row.id) : null;
    return toVideoDetail(row, this.deps.urls, queuePosition ?? null);
  }

  /**
   * The public feed, or one user's videos (all of them for that user, public for others); by
   * page, or after the row a cursor names. Time and title orders can be followed by cursor;
   * views move while someone scrolls, and durations are floating-point numbers (no exact key on
   * both databases), so those page by position only.
   */
  async list(query: VideoListQuery, viewer: UserRow | undefined): Promise<VideoPage> {
    const sort = resolveSort(query.sortBy, query.sortType);
    const own = query.query !== undefined && query.query === viewer?.id;
    const followable = sort.column === 'created_at' || sort.column === 'title';
    const order = followable ? `${sort.column}:${sort.direction}` : null;
    const after = query.cursor
      ? decodeCursor(query.cursor, order, sort.column === 'title' ? 'string' : 'number')
      : undefined;
    const skipped = after ? after.served : (query.page - 1) * query.limit;
    // The page and its total are one statement (VideoRepository.page).
    const { page, entries } = await this.deps.cards.readOneStatement(async () => {
      const read = await this.deps.videos.page({
        visibilities: own ? VISIBILITIES : ['public'],
        ownerId: query.query,
        sort,
        // One more than shown: it says whether a next page exists.
        limit: query.limit + 1,
        offset: after ? 0 : skipped,
        after,
      });
      return { ...read, ...pageOf(read.rows, query.limit, order, skipped) };
    });
    return {
      data: entries.map((e) => e.video),
      ...pageInfo(page.total, query.page, query.limit),
      nextCursor: page.nextCursor,
    };
  }

  async countView(
    id: string,
    viewer: UserRow | undefined,
    clientIp: string,
  ): Promise<{ views: number; counted: boolean }> {
    const row = await this.findVisible(id, viewer);
    // An owner watching their own video (checking an upload, say) is not an audience, but it
    // is in their own watch history like any other video they watched.
    return this.deps.engagement.countView({
      videoId: row.id,
      viewerKey: viewerKey(viewer?.id, clientIp),
      viewerId: viewer?.id,
      now: this.now(),
      windowMs: VIEW_WINDOW_MS,
      audience: row.owner_id !== viewer?.id,
    });
  }

  /** Housekeeping, run periodically. */
  async prune(): Promise<void> {
    await this.deps.engagement.pruneViewGuards(this.now() - VIEW_WINDOW_MS);
  }

  async update(id: string, viewer: UserRow, input: UpdateInput): Promise<Video> {
    const row = await this.findOwned(id, viewer);
    // Checked here, after the owner: an edit of someone else's video is a 403 whatever its body.
    const {
      visibility: chosen,
      isPublished: _legacy,
      commentsMode,
      ...rest
    } = formFieldsOrThrow(
      videoEditBody,
      input.fields,
      { thumbnail: input.thumbnail },
      'The update is not valid.',
    );
    const thumbnail = input.thumbnail
      ? await reencodeImage(
          input.thumbnail.path,
          input.thumbnail.head,
          'thumbnail',
          'thumbnail',
          'Thumbnail',
        )
      : undefined;

    // Becoming visible to fewer people (public to unlisted or private, unlisted to private)
    // moves every file to a new prefix, so URLs shared or cached before stop working. A video
    // that does not play yet is private already; its new choice waits (see 021).
    await this.deps.media.edit(row.id, {
      patch: {
        ...rest,
        ...(chosen ? visibilityPatch(chosen) : {}),
        ...(commentsMode ? { comments_mode: commentsMode } : {}),
        updated_at: this.now(),
      },
      thumbnail,
      newPrefix: rotatesMediaToken(row.visibility, chosen),
    });
    return toVideo(await this.mustFind(row.id), this.deps.urls);
  }

  /**
   * The row goes first (its processing job with it: a worker on it sees its lease gone and
   * kills ffmpeg), then every file under the video's prefix.
   */
  async remove(id: string, viewer: UserRow): Promise<void> {
    const row = await this.findOwned(id, viewer);
    await this.deps.videos.delete(row.id);
    await this.deps.media.removeAll(row);
  }

  /** The owner queues a failed video's processing again, from its kept original. */
  async retryProcessing(id: string, viewer: UserRow): Promise<Video> {
    const row = await this.findOwned(id, viewer);
    const now = this.now();
    const restarted =
      row.status === 'failed' &&
      (await this.deps.processing.restart(row.id, async (trx) => {
        if (!(await this.deps.queue.hasFailed(row.id, trx))) return false;
        // From the first job again: a failure removed every output, the playable ones too.
        await this.deps.queue.removeForVideo(row.id, trx);
        // Its size is not at hand here: the general slots, never the fast lane's turn.
        await this.deps.queue.enqueue(firstVideoJob(row.id, row.owner_id, now, 1), trx);
        return true;
      }));
    if (!restarted) {
      throw conflict('Only a video whose processing failed can be processed again.');
    }
    this.deps.jobsQueued?.();
    return toVideo(await this.mustFind(row.id), this.deps.urls);
  }

  /** The video file as a download, if `viewer` may see the video; its bytes are read by range. */
  async download(
    id: string,
    viewer: UserRow | undefined,
  ): Promise<{ key: string; stat: BlobStat; filename: string; contentType: string }> {
    const row = await this.findVisible(id, viewer);
    const stat = await this.deps.blobs.stat(row.video_key);
    if (!stat) throw notFound(VIDEO_NOT_FOUND);
    return {
      key: row.video_key,
      stat,
      filename: `video-${row.id}.mp4`,
      contentType: contentTypeOfKey(row.video_key),
    };
  }
}

/**
 * Still being processed, and shared (public or unlisted) by its owner once it plays: someone
 * with its link may learn that much, and nothing else about it. Processing must be the only
 * hold (video-holds.ts): a video staff blocked, or one of a suspended owner, stays a plain 404,
 * as it will be once it plays.
 */
function isSharedOnceProcessed(row: VideoWithOwner): boolean {
  return (
    row.status === 'processing' &&
    Number(row.playable) === 0 &&
    row.blocked_at === null &&
    Number(row.owner_suspended) === 0 &&
    row.pending_visibility !== null &&
    row.pending_visibility !== 'private'
  );
}

/** The row, if `viewer` may see it: the rule VideoService.findVisible states. */
function visibleTo<R extends VideoWithOwner>(
  row: R,
  viewer: UserRow | undefined,
  sayProcessing: boolean,
): R {
  if (row.visibility === 'private' && row.owner_id !== viewer?.id) {
    if (sayProcessing && isSharedOnceProcessed(row)) throw stillProcessing(VIDEO_PROCESSING);
    throw notFound(VIDEO_NOT_FOUND);
  }
  return row;
}
