import { MESSAGES, type Video, type VideoUploadFields } from '@contract';
import type { UploadedFile } from '../http/multipart.js';
import { badRequest, notFound, unsupportedMedia } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import {
  CONTAINER_EXTENSIONS,
  formatMatchesContainer,
  sniffVideoContainer,
  type VideoContainer,
} from '../media/container.js';
import type { ProbeResult, Prober, UrlProber } from '../media/ffprobe.js';
import { reencodeImage } from '../media/image.js';
import { serveForProbe } from '../media/probe-server.js';
import { toVideo } from '../mappers/video.mapper.js';
import { playablePriority, refusalReason } from '../processing/plan.js';
import { firstVideoJob } from '../processing/video-jobs.js';
import type { JobQueueRepository } from '../repositories/job-queue.repository.js';
import type { UploadRepository } from '../repositories/upload.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { VideoRepository, VideoWithOwner } from '../repositories/video.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { newMediaToken, originalKey, thumbnailKey, videoFileKey } from '../storage/media-keys.js';
import { removeWritten } from '../storage/remove-written.js';
import type { UploadStorage } from '../uploads/upload-storage.js';
import type { EmailVerificationGate } from './email-verification-gate.js';
import type { MediaUrls } from './media-urls.js';
import type { UploadService } from './upload.service.js';
import type { JobsQueued } from '../processing/jobs-queued.js';
import { VIDEO_NOT_FOUND } from './video.service.js';

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

/** The route has checked the form against `videoUploadBody`: a `videoFile` or an uploadId. */
export interface PublishInput {
  owner: UserRow;
  fields: VideoUploadFields;
  videoFile: UploadedFile | undefined;
  thumbnail: UploadedFile;
}

/**
 * Publishing a video: its file (a multipart body or a finished resumable upload) checked and
 * stored, its row and first processing job written, within the owner's quota.
 */
export class VideoPublishService {
  constructor(
    private readonly deps: {
      videos: VideoRepository;
      blobs: BlobStore;
      probe: Prober;
      /** ffprobe over loopback, for uploads kept in a bucket. */
      urlProbe: UrlProber;
      queue: JobQueueRepository;
      uploads: UploadService;
      uploadRows: UploadRepository;
      uploadStorage: UploadStorage;
      /** Uploads longer than this are refused (MAX_VIDEO_SECONDS). */
      maxVideoSeconds: number;
      urls: MediaUrls;
      /** Unconfirmed addresses may not upload when REQUIRE_EMAIL_VERIFICATION is on. */
      gate: EmailVerificationGate;
      /** Told once a new video's first job is committed, to wake the worker. */
      jobsQueued?: JobsQueued;
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
      // Outside the try: once committed, nothing may treat the upload as failed.
      this.deps.jobsQueued?.();
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
}
