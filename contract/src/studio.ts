import { z } from 'zod';
import { LIMITS } from './limits.js';
import { cursorQuerySchema, nextCursorSchema } from './paging.js';
import { videoSchema } from './video.js';

/** Analytics ranges in days: the last N UTC days, today included. */
export const ANALYTICS_RANGES = [7, 28, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 28;

/** One of the caller's videos with what the studio shows about it. */
export const studioVideoStatsSchema = z.object({
  video: videoSchema,
  views: z.number().int().describe('Counted views since publication.'),
  likes: z.number().int(),
  comments: z.number().int().describe('Comments and replies.'),
});
export type StudioVideoStats = z.infer<typeof studioVideoStatsSchema>;

export const studioCommentSchema = z.object({
  _id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  owner: z.object({ _id: z.string(), username: z.string(), avatar: z.string() }),
  video: z.object({ _id: z.string(), title: z.string() }),
});
export type StudioComment = z.infer<typeof studioCommentSchema>;

export const studioDashboardSchema = z.object({
  channel: z.object({
    subscribersCount: z.number().int(),
    totalViews: z.number().int().describe('Views of all the channel’s videos since publication.'),
    views28d: z
      .number()
      .int()
      .describe('Views in the last 28 UTC days, today included (as analytics range=28).'),
    newSubscribers28d: z
      .number()
      .int()
      .describe('Subscribers gained minus lost in the same 28 days.'),
  }),
  latestVideo: studioVideoStatsSchema.nullable().describe('The newest video, any visibility.'),
  topVideo: studioVideoStatsSchema.nullable().describe('The most viewed video (newest on a tie).'),
  latestComments: z
    .array(studioCommentSchema)
    .describe('The newest comments and replies on the channel’s videos, at most 5.'),
});
export type StudioDashboard = z.infer<typeof studioDashboardSchema>;

export const STUDIO_SORT_FIELDS = ['createdAt', 'views', 'title', 'likes', 'comments'] as const;
export type StudioSortField = (typeof STUDIO_SORT_FIELDS)[number];

export const studioVideosQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(20),
  sortBy: z.enum(STUDIO_SORT_FIELDS).default('createdAt'),
  /** Defaults to desc, except asc for title (A to Z). */
  sortType: z.enum(['asc', 'desc']).optional(),
  cursor: cursorQuerySchema,
});
export type StudioVideosQuery = z.infer<typeof studioVideosQuerySchema>;

export const studioVideoSchema = videoSchema.extend({
  likesCount: z.number().int(),
  commentsCount: z.number().int().describe('Comments and replies.'),
});
export type StudioVideo = z.infer<typeof studioVideoSchema>;

/** Read at the top level like getallvideos. */
export const studioVideoListSchema = z.object({
  statusCode: z.number().int(),
  success: z.literal(true),
  message: z.string(),
  data: z.array(studioVideoSchema),
  totalVideos: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type StudioVideoList = z.infer<typeof studioVideoListSchema>;

export const analyticsQuerySchema = z.object({
  range: z.coerce
    .number()
    .int()
    .refine((n) => (ANALYTICS_RANGES as readonly number[]).includes(n), {
      message: 'range must be 7, 28 or 90.',
    })
    .default(DEFAULT_ANALYTICS_RANGE),
  videoId: z.string().min(1).max(64).optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const analyticsDaySchema = z.object({
  date: z.string().describe('UTC day, YYYY-MM-DD.'),
  views: z.number().int(),
  watchTimeSeconds: z.number().int(),
  netSubscribers: z
    .number()
    .int()
    .optional()
    .describe('Channel-wide subscribers gained minus lost; absent when videoId is given.'),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsSchema = z.object({
  range: z.number().int(),
  from: z.string().describe('First day, YYYY-MM-DD (UTC).'),
  to: z.string().describe('Last day (today), YYYY-MM-DD (UTC).'),
  videoId: z.string().nullable(),
  days: z.array(analyticsDaySchema).describe('Every day of the range, oldest first.'),
  totals: z.object({
    views: z.number().int(),
    watchTimeSeconds: z.number().int(),
    netSubscribers: z.number().int().optional(),
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const watchProgressBodySchema = z.object({
  position: z.number({ error: 'position must be a number of seconds.' }).min(0),
});
export type WatchProgressBody = z.infer<typeof watchProgressBodySchema>;

export const watchProgressSchema = z.object({
  position: z.number().describe('Seconds to resume at; 0 when none or the video was finished.'),
});
export type WatchProgress = z.infer<typeof watchProgressSchema>;

export const watchHeartbeatSchema = z.object({
  position: z.number().describe('The position stored for resuming.'),
  countedSeconds: z.number().describe('Watch time this heartbeat added.'),
});
export type WatchHeartbeat = z.infer<typeof watchHeartbeatSchema>;
