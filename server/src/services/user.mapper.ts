import { isoTime } from '../lib/iso-time.js';
import type { ChannelProfile, SessionUser, User } from '@contract';
import type { UserRow, UserWithCounts } from '../repositories/user.repository.js';

/** Public URL of a stored blob; the server serves keys under /media. */
export function mediaUrl(key: string | null): string {
  return key ? `/media/${key}` : '';
}

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    avatar: mediaUrl(row.avatar_key),
    coverImage: mediaUrl(row.cover_key),
    createdAt: isoTime(Number(row.created_at)),
  };
}

export function toSessionUser(
  row: UserRow,
  subscribersCount: number,
  identityProviders: readonly string[],
): SessionUser {
  return { ...toUser(row), subscribersCount, identityProviders: [...identityProviders] };
}

export function toChannelProfile(row: UserWithCounts, isSubscribed: boolean): ChannelProfile {
  const user = toUser(row);
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
  };
}
