import type { AppConfig } from '../config.js';
import { isoTime } from '../lib/iso-time.js';
import type { ExportRepository } from '../repositories/export.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import { videoPrefix } from '../storage/media-keys.js';
import type { MediaUrls } from './media-urls.js';
import type { RateLimiter } from './rate-limiter.js';

/** Exports one person may ask for per hour: each reads all of their rows. */
const EXPORT_RULE = { max: 3, windowSeconds: 3600 };

/**
 * A person's copy of their data, as one JSON document: the profile, their videos' metadata with
 * links to the originals (which only they may fetch), comments and replies, likes and dislikes,
 * subscriptions, watch history with resume positions, and playlists (Watch later too) with their
 * videos in order.
 */
export class ExportService {
  constructor(
    private readonly deps: {
      exports: ExportRepository;
      limiter: RateLimiter;
      urls: MediaUrls;
      config: Pick<AppConfig, 'publicUrl' | 'instanceName'>;
      now: () => number;
    },
  ) {}

  async export(user: UserRow) {
    await this.deps.limiter.consume('export', user.id, EXPORT_RULE);
    const { exports } = this.deps;
    const [videos, comments, likes, subscriptions, history, playlists, items] = await Promise.all([
      exports.videosOf(user.id),
      exports.commentsOf(user.id),
      exports.likesOf(user.id),
      exports.subscriptionsOf(user.id),
      exports.historyOf(user.id),
      exports.playlistsOf(user.id),
      exports.playlistItemsOf(user.id),
    ]);
    const itemsOf = new Map<string, typeof items>();
    for (const item of items) {
      const list = itemsOf.get(item.playlist_id);
      if (list) list.push(item);
      else itemsOf.set(item.playlist_id, [item]);
    }
    const site = this.deps.config.publicUrl;
    const time = (ms: number | string) => isoTime(Number(ms));
    return {
      exportedAt: time(this.deps.now()),
      instance: { name: this.deps.config.instanceName, url: site },
      profile: {
        _id: user.id,
        username: user.username,
        email: user.email,
        emailVerified: Number(user.email_verified) === 1,
        fullName: user.full_name,
        bio: user.bio,
        avatar: absolute(site, this.deps.urls.shared(user.avatar_key)),
        coverImage: absolute(site, this.deps.urls.shared(user.cover_key)),
        createdAt: time(user.created_at),
      },
      videos: videos.map((v) => ({
        _id: v.id,
        title: v.title,
        description: v.description,
        hashtag: v.hashtag,
        visibility: v.pending_visibility ?? v.visibility,
        status: v.status,
        duration: Number(v.duration),
        views: Number(v.views),
        likesCount: Number(v.likes_count),
        commentsCount: Number(v.comments_count),
        createdAt: time(v.created_at),
        updatedAt: time(v.updated_at),
        watchUrl: `${site}/watch/${v.id}`,
        // The file as uploaded; the link works for its owner, signed in.
        originalUrl: `${site}/media/${
          v.media_token && v.original_name
            ? `${videoPrefix(v.id, v.media_token)}${v.original_name}`
            : v.video_key
        }`,
      })),
      comments: comments.map((c) => ({
        _id: c.id,
        videoId: c.video_id,
        replyTo: c.parent_id,
        content: c.content,
        createdAt: time(c.created_at),
        updatedAt: time(c.updated_at),
      })),
      likes: likes.map((l) => ({
        type: l.target_type,
        targetId: l.target_id,
        kind: l.kind,
        createdAt: time(l.created_at),
      })),
      subscriptions: subscriptions.map((s) => ({
        channelId: s.channel_id,
        username: s.username,
        subscribedAt: time(s.created_at),
      })),
      history: history.map((h) => ({
        videoId: h.video_id,
        watchedAt: time(h.watched_at),
        position: h.position === null ? null : Number(h.position),
      })),
      playlists: playlists.map((p) => ({
        _id: p.id,
        watchLater: p.kind === 'watch_later',
        title: p.title,
        description: p.description,
        visibility: p.visibility,
        createdAt: time(p.created_at),
        updatedAt: time(p.updated_at),
        videos: (itemsOf.get(p.id) ?? []).map((item) => ({
          videoId: item.video_id,
          addedAt: time(item.added_at),
        })),
      })),
    };
  }
}

function absolute(site: string, url: string): string {
  return url.startsWith('/') ? `${site}${url}` : url;
}
