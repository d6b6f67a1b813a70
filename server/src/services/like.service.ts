import { AppError, notFound } from '../lib/errors.js';
import { isoTime } from '../lib/iso-time.js';
import { MESSAGES, type LikeKind, type LikeTarget, type Video } from '@contract';
import type { LikeRepository } from '../repositories/like.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { CommentService } from './comment.service.js';
import type { VideoService } from './video.service.js';
import type { VideoCards } from '../caches/video-cards.js';
import { decodeCursor, pageOf } from '../rules/list-cursor.js';

// Each list's cursors name the list, so one list's cursor is refused by another (list-cursor.ts).
const LIKED_ORDER = 'liked:liked_at:desc';

export interface LikeState {
  isLikedByUser: boolean;
  isDislikedByUser: boolean;
  totalLikes: number;
}

export interface LikedVideosPage {
  data: Video[];
  totalVideoLikes: number;
  lastUpdated: string | null;
  nextCursor: string | null;
}

/** Likes and dislikes of videos and comments: only what the caller can see can be liked. */
export class LikeService {
  constructor(
    private readonly deps: {
      likes: LikeRepository;
      videos: VideoService;
      comments: CommentService;
      cards: VideoCards;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** The same kind twice removes it; the other kind replaces it (see LikeRepository.toggle). */
  async toggle(
    targetType: LikeTarget,
    targetId: string,
    kind: LikeKind,
    viewer: UserRow,
  ): Promise<LikeState> {
    let target: { id: string };
    try {
      target =
        targetType === 'Video'
          ? await this.deps.videos.findVisible(targetId, viewer)
          : await this.deps.comments.findVisible(targetId, viewer);
    } catch (err) {
      // A video that went private (or a comment on one) can no longer be liked, but whoever
      // liked or disliked it may still take that back; the answer shows nothing new about it.
      if (!(err instanceof AppError && err.statusCode === 404)) throw err;
      const removed = await this.deps.likes.removeIfKind(
        { userId: viewer.id, targetType, targetId },
        kind,
      );
      if (!removed) throw err;
      return { isLikedByUser: false, isDislikedByUser: false, totalLikes: removed.likesCount };
    }
    const result = await this.deps.likes.toggle(
      { userId: viewer.id, targetType, targetId: target.id },
      kind,
      this.now(),
    );
    if (!result) {
      throw notFound(targetType === 'Video' ? MESSAGES.videoNotFoundApi : MESSAGES.commentNotFound);
    }
    return {
      isLikedByUser: result.kind === 'like',
      isDislikedByUser: result.kind === 'dislike',
      totalLikes: result.likesCount,
    };
  }

  async likedVideos(
    viewer: UserRow,
    { page, limit, cursor }: { page: number; limit: number; cursor?: string },
  ): Promise<LikedVideosPage> {
    const after = cursor ? decodeCursor(cursor, LIKED_ORDER, 'number') : undefined;
    const skipped = after ? after.served : (page - 1) * limit;
    // The page and its summary are one statement (LikeRepository.likedVideos).
    const { page: read, entries } = await this.deps.cards.readOneStatement(async () => {
      const liked = await this.deps.likes.likedVideos(
        viewer.id,
        limit + 1,
        after ? 0 : skipped,
        after,
      );
      return { ...liked, ...pageOf(liked.rows, limit, LIKED_ORDER, skipped) };
    });
    return {
      data: entries.map((e) => e.video),
      totalVideoLikes: read.total,
      lastUpdated: read.newest === null ? null : isoTime(read.newest),
      nextCursor: read.nextCursor,
    };
  }
}
