import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { JobsQueued } from '../processing/jobs-queued.js';
import { VideoCards } from '../caches/video-cards.js';
import { createFfprobe, createUrlProber, type Prober, type UrlProber } from '../media/ffprobe.js';
import { CaptionRepository } from '../repositories/caption.repository.js';
import { JobQueueRepository } from '../repositories/job-queue.repository.js';
import type { MediaRepository } from '../repositories/media.repository.js';
import { ProcessingRepository } from '../repositories/processing.repository.js';
import { StudioRepository } from '../repositories/studio.repository.js';
import { TrendingRepository } from '../repositories/trending.repository.js';
import { UploadRepository } from '../repositories/upload.repository.js';
import { VideoEngagementRepository } from '../repositories/video-engagement.repository.js';
import { VideoRepository } from '../repositories/video.repository.js';
import { SearchRepository } from '../repositories/search.repository.js';
import { WatchProgressRepository } from '../repositories/watch-progress.repository.js';
import { CaptionService } from '../services/captions.service.js';
import type { EmailVerificationGate } from '../services/email-verification-gate.js';
import type { MediaUrls } from '../services/media-urls.js';
import type { QuotaPolicy } from '../services/quota-policy.js';
import { StudioService } from '../services/studio.service.js';
import { TrendingService } from '../services/trending.js';
import { UploadService } from '../services/upload.service.js';
import type { VideoMedia } from '../services/video-media.js';
import { VideoService } from '../services/video.service.js';
import { VideoPublishService } from '../services/video-publish.service.js';
import { SearchService } from '../services/search.service.js';
import { WatchProgressService } from '../services/watch-progress.service.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { UploadStorage } from '../uploads/upload-storage.js';

/**
 * Videos: uploads (resumable and whole) and publishing, the catalogue and its cached cards,
 * search, trending, the creator's studio, caption tracks and where a viewer stopped. Wired here so the
 * app only registers their routes (in its own order, among other domains').
 */
export function buildVideos(deps: {
  database: DatabaseHandle;
  config: AppConfig;
  blobs: BlobStore;
  /** A video's files and the row lock moves hold (services/video-media.ts). */
  media: VideoMedia;
  /** The media rows caption tracks are stored against. */
  mediaRows: MediaRepository;
  urls: MediaUrls;
  gate: EmailVerificationGate;
  uploadStorage: UploadStorage;
  /** Upload limits per user. */
  quotaPolicy: QuotaPolicy;
  /** Reads media metadata; the ffprobe binary unless a test passes another. */
  probe?: Prober;
  /** The same over loopback HTTP (uploads kept in a bucket). */
  urlProbe?: UrlProber;
  log: (message: string, fields?: Record<string, unknown>) => void;
  betweenReads?: () => Promise<void> | void;
  /** Told when processing jobs were queued, to wake the worker. */
  jobsQueued?: JobsQueued;
  now?: () => number;
}) {
  const { database, config, blobs, urls, uploadStorage } = deps;
  const { db, dialect } = database;
  const clock = deps.now ?? Date.now;
  const videoRows = new VideoRepository(db, dialect);
  const queue = new JobQueueRepository(db, dialect);
  const uploadRows = new UploadRepository(db, dialect);
  const uploads = new UploadService({
    uploads: uploadRows,
    policy: deps.quotaPolicy,
    storage: uploadStorage,
    expiryHours: config.uploads.expiryHours,
    now: deps.now,
    log: deps.log,
  });
  // One per process, shared by every list of videos.
  const cards = new VideoCards(
    videoRows,
    database.snapshot,
    undefined,
    { betweenReads: deps.betweenReads },
    urls,
  );
  const videos = new VideoService({
    videos: videoRows,
    media: deps.media,
    cards,
    engagement: new VideoEngagementRepository(db),
    blobs,
    processing: new ProcessingRepository(db, dialect),
    queue,
    jobsQueued: deps.jobsQueued,
    urls,
    now: deps.now,
  });
  const publishing = new VideoPublishService({
    videos: videoRows,
    blobs,
    probe: deps.probe ?? createFfprobe(config.mediaTools.ffprobe.path),
    urlProbe: deps.urlProbe ?? createUrlProber(config.mediaTools.ffprobe.path),
    queue,
    uploads,
    uploadRows,
    uploadStorage,
    maxVideoSeconds: config.processing.maxVideoSeconds,
    urls,
    gate: deps.gate,
    jobsQueued: deps.jobsQueued,
    now: deps.now,
  });
  const search = new SearchService({
    search: new SearchRepository(db, dialect),
    cards,
    now: deps.now,
  });
  const trending = new TrendingService({
    trending: new TrendingRepository(db),
    videos: videoRows,
    cards,
    now: clock,
  });
  const studio = new StudioService({
    studio: new StudioRepository(db),
    videos: videoRows,
    cards,
    snapshot: database.snapshot,
    urls,
    now: deps.now,
  });
  const captions = new CaptionService({
    videos,
    captions: new CaptionRepository(db),
    media: deps.mediaRows,
    blobs,
    urls,
    now: clock,
  });
  const progress = new WatchProgressService({
    progress: new WatchProgressRepository(db),
    videos,
    now: deps.now,
  });
  return {
    /** Repositories other domains share. */
    rows: { videos: videoRows, uploads: uploadRows, queue },
    cards,
    videos,
    publishing,
    search,
    uploads,
    trending,
    studio,
    captions,
    progress,
  };
}

export type Videos = ReturnType<typeof buildVideos>;
