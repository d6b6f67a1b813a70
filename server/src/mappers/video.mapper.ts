import { isoTime } from '../lib/iso-time.js';
import { parseChapters, type Video, type VideoDetail } from '@contract';
import type { VideoForWatch, VideoWithOwner } from '../repositories/video.repository.js';
import { HLS_MASTER, STORYBOARD_VTT } from '../processing/output-names.js';
import { videoPrefix } from '../storage/media-keys.js';
import type { MediaUrls } from '../services/media-urls.js';
import { CARD_VERSION, coveredRowOf, type CoveredRow } from '../caches/version-coverage.js';

/**
 * What a video's entry is built from: the columns `card_version` keeps right, and no other
 * (version-coverage.ts). A list keeps entries by that version, so a column outside it would be
 * shown as it was when the entry was built; here it is not there to read.
 */
export type CardRow = CoveredRow<VideoWithOwner, typeof CARD_VERSION, 'videos'>;

/** A copy of a video row holding only its card's columns: what VideoCards maps. */
export const cardRowOf = coveredRowOf(CARD_VERSION, 'videos');

/** A processing output's URL under the video's current prefix, once it exists. */
function outputUrl(row: CardRow, ready: number, name: string, urls: MediaUrls): string | null {
  if (Number(ready) !== 1 || !row.media_token) return null;
  return urls.ofVideo(`${videoPrefix(row.id, row.media_token)}${name}`, row.visibility);
}

export function toVideo(row: CardRow, urls: MediaUrls): Video {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    // The stored visibility decides where files are served: private until the video plays.
    thumbnail: urls.ofVideo(row.thumbnail_key, row.visibility),
    videoFile: urls.ofVideo(row.video_key, row.visibility),
    duration: Number(row.duration),
    views: Number(row.views),
    createdAt: isoTime(Number(row.created_at)),
    hashtag: row.hashtag,
    // The owner's choice; until the video plays the stored visibility keeps it from visitors.
    isPublished: (row.pending_visibility ?? row.visibility) === 'public',
    visibility: row.pending_visibility ?? row.visibility,
    owner: {
      _id: row.owner_id,
      username: row.owner_username,
      avatar: urls.shared(row.owner_avatar_key),
    },
    status: row.status,
    playable: Number(row.playable) === 1,
    processingProgress: Number(row.processing_progress),
    processingError: row.processing_error,
    hlsUrl: outputUrl(row, row.hls_ready, HLS_MASTER, urls),
    storyboardUrl: outputUrl(row, row.storyboard_ready, STORYBOARD_VTT, urls),
    // Only its owner ever gets a blocked video (it is private in the database).
    blockedReason: row.blocked_reason,
    commentsMode: row.comments_mode,
  };
}

/** The watch page's video: the row read with its channel's count and the viewer's own marks. */
export function toVideoDetail(
  row: VideoForWatch,
  urls: MediaUrls,
  queuePosition: number | null = null,
): VideoDetail {
  return {
    ...toVideo(row, urls),
    // PostgreSQL answers counts as strings.
    subscribersCount: Number(row.subscribers_count),
    likesCount: Number(row.likes_count),
    isLikedByUser: row.viewer_kind === 'like',
    isDislikedByUser: row.viewer_kind === 'dislike',
    isSubscribedByUser: Number(row.viewer_subscribed ?? 0) > 0,
    queuePosition,
    chapters: parseChapters(row.description, Number(row.duration)),
  };
}
