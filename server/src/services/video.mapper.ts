import { isoTime } from '../lib/iso-time.js';
import type { Video, VideoDetail } from '@contract';
import type { VideoEngagement } from '../repositories/video-engagement.repository.js';
import type { VideoWithOwner } from '../repositories/video.repository.js';
import { mediaUrl } from './user.mapper.js';

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
    isPublished: row.visibility === 'public',
    visibility: row.visibility,
    owner: {
      _id: row.owner_id,
      username: row.owner_username,
      avatar: mediaUrl(row.owner_avatar_key),
    },
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
