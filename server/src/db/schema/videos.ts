import type { CommentsMode, Visibility } from '@contract';
import { integer, real, text, type TableColumns } from '../table-columns.js';

/**
 * Videos, their processing queue, resumable uploads and caption tracks. Part of `TABLES`
 * (db/schema.ts).
 */
export const VIDEO_TABLES = {
  videos: {
    id: text(),
    owner_id: text(),
    title: text(),
    description: text(),
    hashtag: text(),
    visibility: text<Visibility>(),
    duration: real(),
    views: integer().generated(),
    /** The prefix `videos/{id}/{media_token}/` holds the video's files; a row without one has none. */
    media_token: text().nullable(),
    video_key: text(),
    thumbnail_key: text(),
    created_at: integer(),
    updated_at: integer(),
    /** Likes (not dislikes) and comments (replies included), kept by triggers (migration 010). */
    likes_count: integer().generated(),
    comments_count: integer().generated(),
    /** Moves with anything a page of this video's comments shows (migration 012). */
    comments_version: integer().generated(),
    /** Moves with anything this video's list entry shows besides views (migration 013). */
    card_version: integer().generated(),
    /** Processing (migration 021): 'processing' until every output exists, or 'failed'. */
    status: text<'processing' | 'ready' | 'failed'>().generated(),
    /** 1 once something plays; until then `visibility` is 'private' (see pending_visibility). */
    playable: integer().generated(),
    processing_progress: integer().generated(),
    processing_error: text().nullable(),
    /** The owner's visibility while the video cannot play yet; applied when it can. */
    pending_visibility: text<Visibility>().nullable(),
    /** The upload as received under the prefix (`original.mov`); null before processing existed. */
    original_name: text().nullable(),
    /** 1 once `hls/master.m3u8` under the prefix lists a rendition. */
    hls_ready: integer().generated(),
    /** 1 once `storyboard.vtt` and its sprite exist under the prefix. */
    storyboard_ready: integer().generated(),
    /**
     * Set while staff block the video (migration 051): with `owner_suspended` and `playable` it
     * decides the stored visibility (repositories/video-holds.ts).
     */
    blocked_at: integer().nullable(),
    blocked_reason: text().nullable(),
    /** 1 while the owner's account is suspended. */
    owner_suspended: integer().generated(),
    /** 'open', 'held' (new comments wait for the owner's approval) or 'off'. */
    comments_mode: text<CommentsMode>().generated(),
    /**
     * Bytes the video keeps in the media store: original, thumbnail and every output (040), so a
     * user's usage is a sum over their videos. Set at upload and when a job's outputs are stored.
     */
    stored_bytes: integer().generated(),
    /** The original's share of `stored_bytes` (0 once dropped with KEEP_ORIGINALS=false). */
    original_bytes: integer().generated(),
    /**
     * While an operator's reprocess runs, the token whose prefix receives the new outputs; the
     * video plays from `media_token` until they are all there (migration 052).
     */
    reprocess_token: text().nullable(),
  },
  /** One per video being processed (or that failed): the durable queue (migration 021). */
  processing_jobs: {
    id: text(),
    /** The handler that runs it (processing/job-kinds.ts). */
    kind: text(),
    /** The video it works on, when it works on one (one job per kind and video). */
    video_id: text().nullable(),
    /** Whose work it is: a user's jobs take turns with other users' (fair_key). */
    owner_id: text().nullable(),
    /** JSON the handler reads, when its kind needs more than the video. */
    payload: text().nullable(),
    /** 0 runs before 1: making a video playable comes before finishing anyone's ladder. */
    priority: integer(),
    /** Within a priority, jobs run in this order (epoch ms, spaced out per owner). */
    fair_key: integer(),
    /** A finished job's row is deleted; a failed one stays until the owner retries. */
    state: text<'queued' | 'running' | 'failed'>(),
    /** Claims so far, counting ones whose worker died. */
    attempts: integer().generated(),
    /** Not claimed before this time (epoch ms): backoff after a failure. */
    run_after: integer(),
    lease_owner: text().nullable(),
    lease_expires_at: integer().nullable(),
    last_error: text().nullable(),
    created_at: integer(),
    updated_at: integer(),
  },
  /** A resumable upload not yet published (migration 040). */
  uploads: {
    /** The last path segment of its URL. */
    id: text(),
    owner_id: text(),
    /** Declared at creation (Upload-Length), reserved against the owner's quotas. */
    size: integer(),
    filename: text(),
    filetype: text(),
    state: text<'open' | 'publishing'>(),
    created_at: integer(),
    expires_at: integer(),
    /** Which request holds the upload's tus lock, until when (renewed while held). */
    lock_holder: text().nullable(),
    lock_expires_at: integer().nullable(),
    /** 1 when another request waits for the lock: its holder lets go (tus's lock request). */
    lock_wanted: integer().generated(),
  },
  /** A video's caption track per language; the file is `captions/{file_name}` under its prefix (083). */
  video_captions: {
    video_id: text(),
    language: text(),
    label: text(),
    file_name: text(),
    created_at: integer(),
  },
} satisfies Record<string, TableColumns>;
