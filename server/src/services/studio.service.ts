import { isoTime } from '../lib/iso-time.js';
import {
  STUDIO_SORT_FIELDS,
  type Analytics,
  type AnalyticsDay,
  type AnalyticsQuery,
  type StudioComment,
  type StudioDashboard,
  type StudioSortField,
  type StudioVideo,
  type StudioVideoStats,
  type StudioVideosQuery,
} from '@contract';
import { notFound } from '../lib/errors.js';
import { ID_PATTERN } from '../lib/ids.js';
import type {
  SeriesScope,
  StudioCommentRow,
  StudioRepository,
  StudioSortColumn,
} from '../repositories/studio.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { VideoRepository, VideoWithOwner } from '../repositories/video.repository.js';
import { byDay, dayDate, dayWindow, eachDay } from '../rules/analytics-days.js';
import type { MediaUrls } from './media-urls.js';
import { pageInfo } from '../rules/video-query.js';
import { decodeCursor, pageOf } from '../rules/list-cursor.js';
import type { VideoCards } from '../caches/video-cards.js';
import type { ReadSnapshot } from '../db/read-snapshot.js';
import { toVideo } from '../mappers/video.mapper.js';
import { VIDEO_NOT_FOUND } from './video.service.js';

/** The dashboard's "last 28 days" is the analytics range of the same length, so they agree. */
export const DASHBOARD_DAYS = 28;
const DASHBOARD_COMMENTS = 5;

const SORT_COLUMNS: Record<StudioSortField, StudioSortColumn> = {
  createdAt: 'created_at',
  views: 'views',
  title: 'title',
  likes: 'likes_count',
  comments: 'comments_count',
};

export interface StudioVideoPage {
  data: StudioVideo[];
  totalVideos: number;
  totalPages: number;
  currentPage: number;
  nextCursor: string | null;
}

/** Like and comment counts are columns of the video row, kept by triggers (migration 010). */
function toStats(row: VideoWithOwner, urls: MediaUrls): StudioVideoStats {
  return {
    video: toVideo(row, urls),
    views: Number(row.views),
    likes: Number(row.likes_count),
    comments: Number(row.comments_count),
  };
}

function toStudioComment(row: StudioCommentRow, urls: MediaUrls): StudioComment {
  return {
    _id: row.id,
    content: row.content,
    createdAt: isoTime(Number(row.created_at)),
    owner: {
      _id: row.owner_id,
      username: row.owner_username,
      avatar: urls.shared(row.owner_avatar_key),
    },
    video: { _id: row.video_id, title: row.video_title },
  };
}

/** The creator studio: every answer is about the caller's own channel, never anyone else's. */
export class StudioService {
  constructor(
    private readonly deps: {
      studio: StudioRepository;
      videos: VideoRepository;
      cards: VideoCards;
      snapshot: ReadSnapshot;
      urls: MediaUrls;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  async dashboard(viewer: UserRow): Promise<StudioDashboard> {
    const window = dayWindow(this.now(), DASHBOARD_DAYS);
    // One snapshot, so the cards agree with one another (a video deleted meanwhile is in all or none).
    const [summary, newest, top, comments] = await this.deps.snapshot(() =>
      Promise.all([
        this.deps.studio.channelSummary(viewer.id, window.fromMs),
        this.deps.studio.newest(viewer.id),
        this.deps.studio.mostViewed(viewer.id),
        this.deps.studio.latestComments(viewer.id, DASHBOARD_COMMENTS),
      ]),
    );
    return {
      channel: {
        subscribersCount: summary.subscribers_count,
        totalViews: summary.total_views,
        views28d: summary.views_since,
        newSubscribers28d: summary.net_subscribers_since,
      },
      latestVideo: newest ? toStats(newest, this.deps.urls) : null,
      topVideo: top ? toStats(top, this.deps.urls) : null,
      latestComments: comments.map((c) => toStudioComment(c, this.deps.urls)),
    };
  }

  /** All of the caller's videos, private and unlisted included, with their counts. */
  async videos(viewer: UserRow, query: StudioVideosQuery): Promise<StudioVideoPage> {
    const field = STUDIO_SORT_FIELDS.includes(query.sortBy) ? query.sortBy : 'createdAt';
    const direction = query.sortType ?? (field === 'title' ? 'asc' : 'desc');
    // Counts move while someone scrolls; time and title orders can be followed by cursor.
    const order =
      field === 'createdAt' || field === 'title'
        ? `studio:${SORT_COLUMNS[field]}:${direction}`
        : null;
    const after = query.cursor
      ? decodeCursor(query.cursor, order, field === 'title' ? 'string' : 'number')
      : undefined;
    const skipped = after ? after.served : (query.page - 1) * query.limit;
    // The page and its total are one statement (StudioRepository.page).
    const { page, entries } = await this.deps.cards.readOneStatement(async () => {
      const read = await this.deps.studio.page(
        viewer.id,
        { column: SORT_COLUMNS[field], direction },
        query.limit + 1,
        skipped,
        after,
      );
      return { ...read, ...pageOf(read.rows, query.limit, order, skipped) };
    });
    return {
      data: entries.map(({ video, row }) => ({
        ...video,
        likesCount: Number(row.likes_count),
        commentsCount: Number(row.comments_count),
      })),
      ...pageInfo(page.total, query.page, query.limit),
      nextCursor: page.nextCursor,
    };
  }

  /**
   * Views, watch time and net subscribers per UTC day over the last `range` days, every day
   * present. Totals are the sums of the days, so a chart and its totals always agree. With a
   * videoId (the caller's own, else the same 404 as a missing one) subscribers are left out:
   * they belong to the channel, not to one video.
   */
  async analytics(viewer: UserRow, query: AnalyticsQuery): Promise<Analytics> {
    const window = dayWindow(this.now(), query.range);
    let scope: SeriesScope = { ownerId: viewer.id };
    let videoId: string | null = null;
    if (query.videoId !== undefined) {
      if (!ID_PATTERN.test(query.videoId)) throw notFound(VIDEO_NOT_FOUND);
      const video = await this.deps.videos.findWithOwner(query.videoId);
      if (!video || video.owner_id !== viewer.id) throw notFound(VIDEO_NOT_FOUND);
      videoId = video.id;
      scope = { videoId };
    }
    const channelWide = videoId === null;
    const [views, watchMs, subscribers] = await Promise.all([
      this.deps.studio.viewsPerDay(scope, window.fromMs, window.untilMs),
      this.deps.studio.watchMsPerDay(scope, window.fromDay, window.toDay),
      channelWide
        ? this.deps.studio.netSubscribersPerDay(viewer.id, window.fromMs, window.untilMs)
        : Promise.resolve([]),
    ]);
    const viewsByDay = byDay(views);
    const watchByDay = byDay(watchMs);
    const subsByDay = byDay(subscribers);
    const days: AnalyticsDay[] = eachDay(window).map((day) => ({
      date: dayDate(day),
      views: viewsByDay.get(day) ?? 0,
      // Whole seconds per day; the totals below add these same numbers.
      watchTimeSeconds: Math.round((watchByDay.get(day) ?? 0) / 1000),
      ...(channelWide ? { netSubscribers: subsByDay.get(day) ?? 0 } : {}),
    }));
    const sum = (pick: (d: AnalyticsDay) => number) => days.reduce((n, d) => n + pick(d), 0);
    return {
      range: query.range,
      from: dayDate(window.fromDay),
      to: dayDate(window.toDay),
      videoId,
      days,
      totals: {
        views: sum((d) => d.views),
        watchTimeSeconds: sum((d) => d.watchTimeSeconds),
        ...(channelWide ? { netSubscribers: sum((d) => d.netSubscribers ?? 0) } : {}),
      },
    };
  }
}
