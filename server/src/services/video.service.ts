import type { Readable } from 'node:stream';
import {
  MESSAGES,
  VISIBILITIES,
  videoEditBody,
  type VideoUploadFields,
  type Video,
  type VideoDetail,
  type VideoListQuery,
} from '@contract';
import type { UploadedFile } from '../http/multipart.js';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  stillProcessing,
  unsupportedMedia,
} from '../lib/errors.js';
import { ID_PATTERN, newId } from '../lib/ids.js';
import {
  CONTAINER_EXTENSIONS,
  formatMatchesContainer,
  sniffVideoContainer,
  type VideoContainer,
} from '../media/container.js';
import type { ProbeResult, Prober, UrlProber } from '../media/ffprobe.js';
import { serveForProbe } from '../media/probe-server.js';
import { playablePriority, refusalReason } from '../processing/plan.js';
import { firstVideoJob } from '../processing/video-jobs.js';
import type { JobQueueRepository } from '../repositories/job-queue.repository.js';
import type { ProcessingRepository } from '../repositories/processing.repository.js';
import type { UploadRepository } from '../repositories/upload.repository.js';
import type { UploadStorage } from '../uploads/upload-storage.js';
import type { UploadService } from './upload.service.js';
import { reencodeImage } from '../media/image.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { VideoEngagementRepository } from '../repositories/video-engagement.repository.js';
import {
  visibilityPatch,
  type VideoRepository,
  type VideoWithOwner,
} from '../repositories/video.repository.js';
import { removeWritten } from '../storage/remove-written.js';
import type { BlobStore } from '../storage/blob-store.js';
import {
  contentTypeOfKey,
  newMediaToken,
  originalKey,
  thumbnailKey,
  videoFileKey,
} from '../storage/media-keys.js';
import { formFieldsOrThrow } from '../lib/form-body.js';
import { pageInfo, resolveSort, viewerKey } from '../rules/video-query.js';
import { decodeCursor, pageOf } from '../rules/list-cursor.js';
import type { VideoCards } from '../caches/video-cards.js';
import type { MediaUrls } from './media-urls.js';
import { toVideo, toVideoDetail } from '../mappers/video.mapper.js';
import type { VideoMedia } from './video-media.js';
import { rotatesMediaToken } from '../rules/media-rotation.js';
import type { EmailVerificationGate } from './email-verification-gate.js';

export const VIDEO_NOT_FOUND = MESSAGES.videoNotFoundApi;
export const VIDEO_PROCESSING = MESSAGES.videoProcessing;
export const NOT_A_VIDEO = MESSAGES.notAVideoContainer;
const notAVideo = (field = 'videoFile') =>
  unsupportedMedia(NOT_A_VIDEO, [{ field, message: NOT_A_VIDEO }]);
/** ffprobe's demuxer for each container, forced when it reads over loopback. */
const DEMUXERS: Record<VideoContainer, string> = {
  mp4: 'mov',
  mov: 'mov',
  webm: 'matroska',
  mkv: 'matroska',
  ogg: 'ogg',
};
const VIEW_WINDOW_MS = 60 * 60 * 1000;

/** The route has checked the form against `videoUploadBody`: a `videoFile` or an uploadId. */
export interface PublishInput {
  owner: UserRow;
  fields: VideoUploadFields;
  videoFile: UploadedFile | undefined;
  thumbnail: UploadedFile;
}

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
      probe: Prober;
      /** ffprobe over loopback, for uploads kept in a bucket. */
      urlProbe: UrlProber;
      processing: ProcessingRepository;
      queue: JobQueueRepository;
      uploads: UploadService;
      uploadRows: UploadRepository;
      uploadStorage: UploadStorage;
      /** Uploads longer than this are refused (MAX_VIDEO_SECONDS). */
      maxVideoSeconds: number;
      urls: MediaUrls;
      /** Unconfirmed addresses may not upload when REQUIRE_EMAIL_VERIFICATION is on. */
      gate: EmailVerificationGate;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** Asked before an upload's body is read, so a refused one costs no transfer. */
  assertMayUpload(owner: UserRow): void {
    this.deps.gate.assertVerified(owner);
  }

  /**
   * Probe and re-encode → store files → insert, with the video's first job and within the
   * owner's quota, in one transaction; a failure leaves no row and no file. The video is the
   * multipart `videoFile`, or a finished resumable upload (`uploadId`), whose bytes are moved
   * (not copied) to the video's original; the upload is gone once the row exists, so it is
   * published once.
   */
  async publish(input: PublishInput): Promise<Video> {
    const { fields, owner } = input;
    this.assertMayUpload(owner);
    const upload = fields.uploadId
      ? await this.deps.uploads.claimForPublish(owner.id, fields.uploadId)
      : undefined;
    let committed = false;
    try {
      const source = upload
        ? await this.inspectUpload(upload.id, upload.size, fields.duration)
        : await this.inspectVideo(input.videoFile!, fields.duration);
      const thumbnail = await reencodeImage(
        input.thumbnail.path,
        input.thumbnail.head,
        'thumbnail',
        'thumbnail',
        'Thumbnail',
      );

      const now = this.now();
      const id = newId(now);
      const token = newMediaToken();
      const original = originalKey(id, token, source.ext);
      const thumbKey = thumbnailKey(id, token);
      const originalBytes = upload ? upload.size : input.videoFile!.size;
      const written: string[] = [];
      let moved = false;
      try {
        written.push(original);
        if (upload) {
          await this.deps.uploadStorage.moveTo(upload.id, original, upload.size);
          moved = true;
        } else {
          await this.deps.blobs.putFile(original, input.videoFile!.path);
        }
        written.push(thumbKey);
        await this.deps.blobs.putBuffer(thumbKey, thumbnail);
        await this.deps.uploadRows.forUser(owner.id, async (trx) => {
          // An upload reserved its size at creation; a multipart one is counted now.
          if (!upload) await this.deps.uploads.assertWithinQuota(owner.id, originalBytes, trx);
          // Private until something plays; the owner's choice applies then (migration 021).
          await this.deps.videos.insertForProcessing(
            {
              id,
              owner_id: owner.id,
              title: fields.title,
              description: fields.description,
              hashtag: fields.hashtag,
              visibility: 'private',
              pending_visibility: fields.visibility,
              duration: source.duration,
              media_token: token,
              // Where processing puts the faststart MP4.
              video_key: videoFileKey(id, token, 'mp4'),
              original_name: original.slice(original.lastIndexOf('/') + 1),
              thumbnail_key: thumbKey,
              status: 'processing',
              playable: 0,
              processing_progress: 0,
              original_bytes: originalBytes,
              stored_bytes: originalBytes + thumbnail.length,
              created_at: now,
              updated_at: now,
            },
            trx,
          );
          await this.deps.queue.enqueue(firstVideoJob(id, owner.id, now, source.priority), trx);
          if (upload) await this.deps.uploadRows.delete(upload.id, trx);
        });
        committed = true;
      } catch (err) {
        if (moved && upload) {
          // The upload is whole again, for another try.
          await this.deps.uploadStorage.moveBack(upload.id, original, upload.size).catch(() => {});
          written.shift();
        }
        await removeWritten(this.deps.blobs, written, err);
        throw err;
      }
      if (upload) await this.deps.uploadStorage.forget(upload.id).catch(() => {});
      return toVideo(await this.mustFind(id), this.deps.urls);
    } finally {
      if (upload && !committed) await this.deps.uploads.unclaim(upload.id);
    }
  }

  /** The bytes must be a known container and ffprobe must find a picture track in them. */
  private async inspectVideo(
    file: UploadedFile,
    durationHint: string | undefined,
  ): Promise<{ ext: string; duration: number; priority: number }> {
    const container = sniffVideoContainer(file.head);
    if (!container) throw notAVideo();
    return this.accept(container, await this.deps.probe(file.path), durationHint);
  }

  /**
   * The same checks for a finished resumable upload, where it lies: the file on disk, or (in
   * a bucket) served to ffprobe over loopback with ranges, so nothing is downloaded first.
   */
  private async inspectUpload(
    uploadId: string,
    size: number,
    durationHint: string | undefined,
  ): Promise<{ ext: string; duration: number; priority: number }> {
    const storage = this.deps.uploadStorage;
    const container = sniffVideoContainer(await storage.head(uploadId, 64));
    if (!container) throw notAVideo('uploadId');
    const local = storage.localPath(uploadId);
    const probe = local
      ? await this.deps.probe(local)
      : await serveForProbe(this.deps.blobs, storage.mediaKey(uploadId), size, (url) =>
          this.deps.urlProbe(url, DEMUXERS[container]),
        );
    return this.accept(container, probe, durationHint, 'uploadId');
  }

  private accept(
    container: VideoContainer,
    probe: ProbeResult | undefined,
    durationHint: string | undefined,
    field = 'videoFile',
  ): { ext: string; duration: number; priority: number } {
    if (!probe || !probe.hasVideo || !formatMatchesContainer(probe.formatName, container)) {
      throw notAVideo(field);
    }
    // Absurd sizes, lengths and frame rates are refused before anything is stored or queued.
    const refusal = refusalReason(probe, this.deps.maxVideoSeconds);
    if (refusal) throw badRequest(refusal, [{ field, message: refusal }]);
    // The client's duration is only a hint, for the rare container that does not state one.
    const hint = Number(durationHint);
    const duration =
      probe.duration > 0 ? probe.duration : Number.isFinite(hint) && hint > 0 ? hint : 0;
    return { ext: CONTAINER_EXTENSIONS[container], duration, priority: playablePriority(probe) };
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
    const row = await this.mustFind(id);
    if (row.visibility === 'private' && row.owner_id !== viewer?.id) {
      if (sayProcessing && isSharedOnceProcessed(row)) throw stillProcessing(VIDEO_PROCESSING);
      throw notFound(VIDEO_NOT_FOUND);
    }
    return row;
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
    const row = await this.findVisible(id, viewer, { sayProcessing: true });
    // Only the owner ever sees a video being processed; its place in the queue is theirs.
    const waiting = row.status === 'processing' && row.owner_id === viewer?.id;
    const [engagement, queuePosition] = await Promise.all([
      this.deps.engagement.forVideo(row.id, row.owner_id, viewer?.id),
      waiting ? this.deps.queue.queuePosition(row.id) : undefined,
    ]);
    return toVideoDetail(row, engagement, this.deps.urls, queuePosition ?? null);
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
    return toVideo(await this.mustFind(row.id), this.deps.urls);
  }

  async download(
    id: string,
    viewer: UserRow | undefined,
  ): Promise<{ stream: Readable; size: number; filename: string; contentType: string }> {
    const row = await this.findVisible(id, viewer);
    const file = await this.deps.blobs.open(row.video_key);
    if (!file) throw notFound(VIDEO_NOT_FOUND);
    return {
      ...file,
      filename: `video-${row.id}.mp4`,
      contentType: contentTypeOfKey(row.video_key),
    };
  }
}

/**
 * Still being processed, and shared (public or unlisted) by its owner once it plays: someone
 * with its link may learn that much, and nothing else about it.
 */
function isSharedOnceProcessed(row: VideoWithOwner): boolean {
  return (
    row.status === 'processing' &&
    Number(row.playable) === 0 &&
    row.pending_visibility !== null &&
    row.pending_visibility !== 'private'
  );
}
