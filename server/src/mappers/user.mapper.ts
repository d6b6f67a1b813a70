import { isoTime } from '../lib/iso-time.js';
import type { ChannelProfile, SessionUser, User } from '@contract';
import type { UserRow, UserWithCounts } from '../repositories/user.repository.js';
import type { MediaUrls } from '../services/media-urls.js';

export function toUser(row: UserRow, urls: MediaUrls): User {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    avatar: urls.shared(row.avatar_key),
    coverImage: urls.shared(row.cover_key),
    createdAt: isoTime(Number(row.created_at)),
  };
}

export function toSessionUser(
  row: UserRow,
  subscribersCount: number,
  identityProviders: readonly string[],
  security: { hasPassword: boolean; totpEnabled: boolean },
  urls: MediaUrls,
): SessionUser {
  return {
    ...toUser(row, urls),
    subscribersCount,
    identityProviders: [...identityProviders],
    emailVerified: Number(row.email_verified) === 1,
    bio: row.bio,
    ...security,
    role: row.role,
  };
}

export function toChannelProfile(
  row: UserWithCounts,
  isSubscribed: boolean,
  urls: MediaUrls,
  ownVideos: ChannelProfile['ownVideos'] = null,
): ChannelProfile {
  const user = toUser(row, urls);
  return {
    _id: user._id,
    username: user.username,
    fullName: user.fullName,
    avatar: user.avatar,
    coverImage: user.coverImage,
    email: user.email,
    createdAt: user.createdAt,
    subscribersCount: Number(row.subscribers_count),
    videosCount: Number(row.public_videos_count),
    isSubscribed,
    ownVideos,
    bio: row.bio,
  };
}
