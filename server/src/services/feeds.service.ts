import { FEED_PATHS, FEED_SIZE, type FeedToken } from '@contract';
import { atomFeed } from '../feeds/atom.js';
import { robotsTxt, sitemapIndex, videoSitemap } from '../feeds/sitemap.js';
import { absoluteUrl } from '../feeds/xml.js';
import { isoTime } from '../lib/iso-time.js';
import { hashToken, newSessionToken } from '../lib/tokens.js';
import type { FeedTokenRepository } from '../repositories/feed-token.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import type { SitemapRepository } from '../repositories/sitemap.repository.js';
import { isChannelHidden } from '../rules/account-visibility.js';
import type { MediaUrls } from './media-urls.js';
import type { SubscriptionService } from './subscription.service.js';
import type { VideoService } from './video.service.js';

/** Watch pages per sitemap file (the protocol allows 50,000; a page stays one small query). */
export const SITEMAP_PAGE_SIZE = 1000;

/**
 * Feeds (Atom with Media RSS), the sitemap and robots.txt. Every list is one the API already
 * serves to a visitor (the public feed, a channel's public videos, a user's subscriptions
 * feed), so each follows the same visibility rule with nothing of its own.
 */
export class FeedsService {
  constructor(
    private readonly deps: {
      videos: VideoService;
      sitemap: SitemapRepository;
      subscriptions: SubscriptionService;
      users: UserRepository;
      tokens: FeedTokenRepository;
      urls: MediaUrls;
      now: () => number;
    },
  ) {}

  /** The instance's newest public videos. */
  async latest(origin: string): Promise<string> {
    const page = await this.deps.videos.list(
      { page: 1, limit: FEED_SIZE, query: undefined },
      undefined,
    );
    return atomFeed({
      origin,
      title: 'Vidshare: latest videos',
      id: `${origin}${FEED_PATHS.videos}`,
      self: FEED_PATHS.videos,
      alternate: '/',
      videos: page.data,
      emptyUpdated: isoTime(0),
    });
  }

  /** A channel's newest public videos; undefined when there is no such channel. */
  async channel(origin: string, username: string): Promise<string | undefined> {
    const channel = await this.deps.users.findByUsername(username.trim().toLowerCase());
    // A suspended account's channel is gone for others, its feed with it.
    if (!channel || isChannelHidden(channel)) return undefined;
    const page = await this.deps.videos.list(
      { page: 1, limit: FEED_SIZE, query: channel.id },
      undefined,
    );
    return atomFeed({
      origin,
      title: `${channel.full_name || channel.username} (@${channel.username}) on Vidshare`,
      id: `${origin}${FEED_PATHS.channel(channel.username)}`,
      self: FEED_PATHS.channel(channel.username),
      alternate: `/username/${encodeURIComponent(channel.username)}`,
      videos: page.data,
      emptyUpdated: isoTime(Number(channel.created_at)),
    });
  }

  /** The subscriptions feed of the token's owner; undefined for an unknown or revoked token. */
  async subscriptions(origin: string, token: string): Promise<string | undefined> {
    if (!token) return undefined;
    const owner = await this.deps.tokens.userOf(hashToken(token));
    const user = owner ? await this.deps.users.findById(owner.user_id) : undefined;
    // A suspended account reads nothing here either, as it cannot sign in.
    if (!user || isChannelHidden(user)) return undefined;
    const page = await this.deps.subscriptions.feed(user, { page: 1, limit: FEED_SIZE });
    return atomFeed({
      origin,
      title: `Vidshare: subscriptions of @${user.username}`,
      id: `${origin}/feeds/subscriptions/${user.id}`,
      // The token is the feed's secret: the feed never repeats it.
      self: '/feeds/subscriptions.xml',
      alternate: '/userSubscriptions',
      videos: page.data,
      emptyUpdated: isoTime(Number(user.created_at)),
    });
  }

  /** The index of sitemap pages, or one page (1-based); undefined past the last. */
  async sitemap(origin: string, page: number | undefined): Promise<string | undefined> {
    const pages = Math.max(
      1,
      Math.ceil((await this.deps.sitemap.publicCount()) / SITEMAP_PAGE_SIZE),
    );
    if (page === undefined) return sitemapIndex(origin, pages);
    if (page > pages) return undefined;
    const rows = await this.deps.sitemap.page(SITEMAP_PAGE_SIZE, (page - 1) * SITEMAP_PAGE_SIZE);
    const { urls } = this.deps;
    return videoSitemap(
      origin,
      rows.map((row) => ({
        id: row.id,
        title: row.title,
        description: row.description,
        thumbnail: absoluteUrl(origin, urls.ofVideo(row.thumbnail_key, row.visibility)),
        file: absoluteUrl(origin, urls.ofVideo(row.video_key, row.visibility)),
        duration: Number(row.duration),
        views: Number(row.views),
        createdAt: isoTime(Number(row.created_at)),
        updatedAt: isoTime(Number(row.updated_at)),
      })),
    );
  }

  robots(origin: string): string {
    return robotsTxt(origin);
  }

  async tokenState(user: UserRow): Promise<FeedToken> {
    const row = await this.deps.tokens.createdAt(user.id);
    return {
      active: row !== undefined,
      createdAt: row ? isoTime(Number(row.created_at)) : null,
      url: null,
    };
  }

  /** A new secret link; the previous one stops working. The link is answered only now. */
  async newToken(user: UserRow): Promise<FeedToken> {
    const token = newSessionToken();
    const now = this.deps.now();
    await this.deps.tokens.replace(user.id, hashToken(token), now);
    return { active: true, createdAt: isoTime(now), url: FEED_PATHS.subscriptions(token) };
  }

  async revokeToken(user: UserRow): Promise<FeedToken> {
    await this.deps.tokens.remove(user.id);
    return { active: false, createdAt: null, url: null };
  }
}
