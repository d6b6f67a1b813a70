import { z } from 'zod';
import { LIMITS } from './limits.js';
import { textParam } from './text.js';
import { cursorQuerySchema, nextCursorSchema } from './paging.js';
import { videoSchema } from './video.js';

export const LIKE_TARGETS = ['Video', 'Comment'] as const;
export type LikeTarget = (typeof LIKE_TARGETS)[number];
export const LIKE_KINDS = ['like', 'dislike'] as const;
export type LikeKind = (typeof LIKE_KINDS)[number];

export const likeToggleParamsSchema = z.object({
  objectId: textParam('objectId', 64),
  type: z.enum(LIKE_KINDS, { error: 'type must be like or dislike.' }),
});

export const likeToggleBodySchema = z.object({
  contentType: z.enum(LIKE_TARGETS, { error: 'contentType must be Video or Comment.' }),
});
export type LikeToggleBody = z.infer<typeof likeToggleBodySchema>;

/** Read by clients at the top level (API notes): the caller's state after the toggle. */
export const likeToggleSchema = z.object({
  statusCode: z.number().int(),
  success: z.literal(true),
  message: z.string(),
  isLikedByUser: z.boolean(),
  isDislikedByUser: z.boolean(),
  totalLikes: z.number().int().describe('Likes (not dislikes) the target has now.'),
});
export type LikeToggle = z.infer<typeof likeToggleSchema>;

export const likedVideosQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeMax),
  cursor: cursorQuerySchema,
});

export const likedVideosSchema = z.object({
  statusCode: z.number().int(),
  success: z.literal(true),
  message: z.string(),
  data: z.array(videoSchema).describe('Videos the caller liked, newest like first.'),
  totalVideoLikes: z
    .number()
    .int()
    .describe('All liked videos the caller can still see, across pages.'),
  lastUpdated: z
    .string()
    .nullable()
    .describe('ISO time of the newest like, or null when there is none.'),
  nextCursor: nextCursorSchema,
});
export type LikedVideos = z.infer<typeof likedVideosSchema>;

export const subscriptionToggleSchema = z.object({
  isSubscribed: z.boolean(),
  subscribersCount: z.number().int(),
});
export type SubscriptionToggle = z.infer<typeof subscriptionToggleSchema>;

export const subscriptionItemSchema = z.object({
  channel: z.object({
    _id: z.string(),
    username: z.string(),
    fullName: z.string(),
    avatar: z.string(),
  }),
  subscriberCount: z.number().int(),
  videoCount: z.number().int().describe('Public videos of the channel.'),
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;
