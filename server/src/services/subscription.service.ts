import { isChannelHidden } from '../rules/account-visibility.js';
import {
  MESSAGES,
  type FeedQuery,
  type SubscriptionItem,
  type SubscriptionToggle,
} from '@contract';
import { badRequest, forbidden, notFound, unauthorized } from '../lib/errors.js';
import { ID_PATTERN } from '../lib/ids.js';
import type { SubscriptionRepository } from '../repositories/subscription.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import type { SubscriptionFeedRepository } from '../repositories/subscription-feed.repository.js';
import type { MediaUrls } from './media-urls.js';
import { pageInfo } from '../rules/video-query.js';
import { decodeCursor, pageOf } from '../rules/list-cursor.js';
import type { VideoCards } from '../caches/video-cards.js';
import type { VideoPage } from './video.service.js';

// Each list's cursors name the list, so one list's cursor is refused by another (list-cursor.ts).
const FEED_ORDER = 'subscriptions:created_at:desc';

export class SubscriptionService {
  constructor(
    private readonly deps: {
      subscriptions: SubscriptionRepository;
      users: UserRepository;
      feed: SubscriptionFeedRepository;
      cards: VideoCards;
      urls: MediaUrls;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  async toggle(channelId: string, viewer: UserRow): Promise<SubscriptionToggle> {
    if (!ID_PATTERN.test(channelId)) throw notFound(MESSAGES.channelNotFound);
    if (channelId === viewer.id) throw badRequest(MESSAGES.selfSubscribe);
    const channel = await this.deps.users.findById(channelId);
    // A hidden channel (suspended, or not yet approved) is no channel to anyone else: neither
    // a new subscriber nor its count.
    if (!channel || isChannelHidden(channel)) throw notFound(MESSAGES.channelNotFound);
    const toggled = await this.deps.subscriptions.toggle(viewer.id, channel.id, this.now());
    if ('gone' in toggled) {
      // Deleted since the check above: the channel, or the viewer's own account (signed out).
      throw toggled.gone === 'channel' ? notFound(MESSAGES.channelNotFound) : unauthorized();
    }
    return toggled;
  }

  /** Whom someone subscribes to is theirs to know: a user may list only their own. */
  async channelsOf(userId: string, viewer: UserRow): Promise<SubscriptionItem[]> {
    if (userId !== viewer.id) throw forbidden('You can only list your own subscriptions.');
    const rows = await this.deps.subscriptions.channelsOf(viewer.id);
    return rows.map((r) => ({
      channel: {
        _id: r.id,
        username: r.username,
        fullName: r.full_name,
        avatar: this.deps.urls.shared(r.avatar_key),
      },
      subscriberCount: Number(r.subscriber_count),
      videoCount: Number(r.video_count),
    }));
  }

  /** Public videos of the subscribed channels, newest first; by page or by cursor. */
  async feed(viewer: UserRow, { page, limit, cursor }: FeedQuery): Promise<VideoPage> {
    const after = cursor ? decodeCursor(cursor, FEED_ORDER, 'number') : undefined;
    const skipped = after ? after.served : (page - 1) * limit;
    // The page and its total are one statement (SubscriptionFeedRepository.page).
    const read = await this.deps.cards.readOneStatement(async () => {
      const rows = await this.deps.feed.page(viewer.id, limit + 1, after ? 0 : skipped, after);
      return { ...rows, ...pageOf(rows.rows, limit, FEED_ORDER, skipped) };
    });
    return {
      data: read.entries.map((e) => e.video),
      ...pageInfo(read.page.total, page, limit),
      nextCursor: read.page.nextCursor,
    };
  }
}
