import type { FastifyPluginAsync } from 'fastify';
import type { VideoCards } from '../caches/video-cards.js';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { commentsRoutes } from '../http/routes/comments.routes.js';
import { likesRoutes } from '../http/routes/likes.routes.js';
import { subscriptionsRoutes } from '../http/routes/subscriptions.routes.js';
import type { ChannelBlockRepository } from '../repositories/channel-block.repository.js';
import { CommentRepository } from '../repositories/comment.repository.js';
import { LikeRepository } from '../repositories/like.repository.js';
import { ReportRepository } from '../repositories/report.repository.js';
import { SubscriptionRepository } from '../repositories/subscription.repository.js';
import { SubscriptionFeedRepository } from '../repositories/subscription-feed.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import { ChannelBlocks } from '../services/channel-blocks.js';
import { CommentService } from '../services/comment.service.js';
import type { EmailVerificationGate } from '../services/email-verification-gate.js';
import { LikeService } from '../services/like.service.js';
import type { MediaUrls } from '../services/media-urls.js';
import type { RateLimiter } from '../services/rate-limiter.js';
import { ReportService } from '../services/report.service.js';
import { SubscriptionService } from '../services/subscription.service.js';
import type { VideoService } from '../services/video.service.js';

/**
 * What people do with videos and channels besides watching: comments, likes, subscriptions,
 * reports to staff, and the users a creator blocks from commenting. Wired here so the app only
 * registers the routes; reports and blocks are answered by the governance routes.
 */
export function buildCommunity(deps: {
  database: DatabaseHandle;
  config: AppConfig;
  videos: VideoService;
  cards: VideoCards;
  users: UserRepository;
  /** Creators' blocked users (governance's). */
  blocks: ChannelBlockRepository;
  limiter: RateLimiter;
  urls: MediaUrls;
  gate: EmailVerificationGate;
  betweenReads?: () => Promise<void> | void;
  now?: () => number;
}) {
  const { database, config, videos, users, limiter, urls, gate } = deps;
  const db = database.db;
  const likeRows = new LikeRepository(db);
  const commentRows = new CommentRepository(db);
  const comments = new CommentService({
    comments: commentRows,
    likes: likeRows,
    videos,
    blocks: deps.blocks,
    users,
    limiter,
    limits: { account: config.spamLimits.comment, address: config.spamLimits.commentAddress },
    snapshot: database.snapshot,
    urls,
    gate,
    betweenReads: deps.betweenReads,
    now: deps.now,
  });
  const likes = new LikeService({
    likes: likeRows,
    videos,
    comments,
    cards: deps.cards,
    now: deps.now,
  });
  const reports = new ReportService({
    reports: new ReportRepository(db),
    videos,
    comments,
    users,
    limiter,
    limits: { account: config.spamLimits.report, address: config.spamLimits.reportAddress },
    gate,
    now: deps.now,
  });
  const channelBlocks = new ChannelBlocks({ blocks: deps.blocks, users, urls, now: deps.now });
  const subscriptions = new SubscriptionService({
    subscriptions: new SubscriptionRepository(db),
    users,
    feed: new SubscriptionFeedRepository(db, database.dialect),
    cards: deps.cards,
    urls,
    now: deps.now,
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(commentsRoutes, { comments });
    await api.register(likesRoutes, { likes });
    await api.register(subscriptionsRoutes, { subscriptions });
  };
  return {
    /** Repositories other domains share. */
    rows: { comments: commentRows },
    comments,
    likes,
    reports,
    channelBlocks,
    subscriptions,
    routes,
  };
}

export type Community = ReturnType<typeof buildCommunity>;
