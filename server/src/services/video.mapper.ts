import { isoTime } from '../lib/iso-time.js';
import type { Video, VideoDetail } from '@contract';
import type { VideoEngagement } from '../repositories/video-engagement.repository.js';
import type { VideoWithOwner } from '../repositories/video.repository.js';
import { HLS_MASTER, STORYBOARD_VTT } from '../processing/output-names.js';
import { videoPrefix } from '../storage/media-keys.js';
import { mediaUrl } from './user.mapper.js';

/** A processing output's URL under the video's current prefix, once it exists. */
function outputUrl(row: VideoWithOwner, ready: number, name: string): string | null {
  if (Number(ready) !== 1 || !row.media_token) return null;
  return mediaUrl(`${videoPrefix(row.id, row.media_token)}${name}`);
}

export function toVideo(row: VideoWithOwner): Video {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: mediaUrl(row.thumbnail_key),
    videoFile: mediaUrl(row.video_key),
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
      avatar: mediaUrl(row.owner_avatar_key),
    },
    status: row.status,
    playable: Number(row.playable) === 1,
    processingProgress: Number(row.processing_progress),
    processingError: row.processing_error,
    hlsUrl: outputUrl(row, row.hls_ready, HLS_MASTER),
    storyboardUrl: outputUrl(row, row.storyboard_ready, STORYBOARD_VTT),
  };
}

export function toVideoDetail(row: VideoWithOwner, engagement: VideoEngagement): VideoDetail {
  return {
    ...toVideo(row),
    subscribersCount: engagement.subscribers_count,
    likesCount: Number(row.likes_count),
    isLikedByUser: engagement.viewer_kind === 'like',
    isDislikedByUser: engagement.viewer_kind === 'dislike',
    isSubscribedByUser: engagement.viewer_subscribed > 0,
  };
}
