import { z } from 'zod';
import { LIMITS, VISIBILITIES } from './limits.js';
import { formBody, type FilePart } from './form-body.js';
import { MESSAGES } from './messages.js';
import { multiLine, singleLine } from './text.js';
import { COMMENTS_MODES } from './governance-rules.js';
import {
  DURATION_FILTERS,
  SEARCH_MAX,
  SEARCH_SORT_FIELDS,
  UPLOAD_DATE_FILTERS,
  VIDEO_SORT_FIELDS,
} from './video-sorting.js';
import type { Chapter } from './chapters.js';
import { uploadIdSchema } from './uploads.js';
import { cursorQuerySchema, nextCursorSchema } from './paging.js';

export const videoOwnerSchema = z.object({
  _id: z.string(),
  username: z.string(),
  avatar: z.string(),
});

export const VIDEO_STATUSES = ['processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** The Video shape every list and the single-video answer share (API notes). */
export const videoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  videoFile: z.string(),
  /** Seconds, read from the file by the server. */
  duration: z.number(),
  views: z.number().int(),
  createdAt: z.string(),
  hashtag: z.string(),
  /** True only for public; private and unlisted both give false. */
  isPublished: z.boolean(),
  visibility: z.enum(VISIBILITIES),
  owner: videoOwnerSchema,
  /** Uploads are processed after the upload answers; only the owner sees unplayable videos. */
  status: z.enum(VIDEO_STATUSES),
  /** True once something plays (the faststart MP4 or the first HLS rendition). */
  playable: z.boolean(),
  /** Whole percent of processing done; 100 when ready. */
  processingProgress: z.number().int().min(0).max(100),
  /** Why processing failed, for the owner; null otherwise. */
  processingError: z.string().nullable(),
  /** The HLS master playlist, once a rendition is ready. */
  hlsUrl: z.string().nullable(),
  /** WebVTT index of the seek-preview sprite (`storyboard.jpg#xywh=x,y,w,h` cues). */
  storyboardUrl: z.string().nullable(),
  /**
   * Why staff blocked the video, for its owner (nobody else sees a blocked video); null
   * when it is not blocked.
   */
  blockedReason: z.string().nullable(),
  /** Who may comment: anyone (`open`), anyone with the owner's approval (`held`), or nobody. */
  commentsMode: z.enum(COMMENTS_MODES),
});
export type Video = z.infer<typeof videoSchema>;

/** A chapter of a video: where it starts (seconds) and its title, from the description. */
export const chapterSchema: z.ZodType<Chapter> = z.object({ start: z.number(), title: z.string() });

export const videoDetailSchema = videoSchema.extend({
  subscribersCount: z.number().int(),
  isLikedByUser: z.boolean(),
  isDislikedByUser: z.boolean(),
  isSubscribedByUser: z.boolean(),
  likesCount: z.number().int(),
  /**
   * For the owner of a video waiting to be processed: its place in the processing queue, 1
   * being the next one taken; null once processing has started, and for anyone else.
   */
  queuePosition: z.number().int().min(1).nullable(),
  /** From the description's timestamps (`0:00 Intro` lines); empty when it has none. */
  chapters: z.array(chapterSchema),
});
export type VideoDetail = z.infer<typeof videoDetailSchema>;

/** Lists are read at the top level by clients, not under `data` alone. */
export const videoListSchema = z.object({
  statusCode: z.number().int(),
  success: z.literal(true),
  message: z.string(),
  data: z.array(videoSchema),
  totalVideos: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type VideoList = z.infer<typeof videoListSchema>;

/**
 * Search answers like a list; a search matching more than `LIMITS.searchResultsMax` videos
 * reports that many in `totalVideos` with `totalCapped: true`, and pages stop there.
 */
export const videoSearchListSchema = videoListSchema.extend({
  totalCapped: z.boolean(),
});
export type VideoSearchList = z.infer<typeof videoSearchListSchema>;

const pageSchema = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limitSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIMITS.pageSizeMax)
  .default(LIMITS.feedPageSize);

export const videoListQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema,
  /** A user id: that user's videos instead of the public feed. */
  query: z
    .string()
    .regex(/^[0-9a-f]{24}$/, 'query must be a user id.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  sortBy: z.enum(VIDEO_SORT_FIELDS).optional(),
  sortType: z.enum(['asc', 'desc']).optional(),
  cursor: cursorQuerySchema,
});
export type VideoListQuery = z.infer<typeof videoListQuerySchema>;

const searchTextSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX)
  .regex(...singleLine('The search'))
  .default('');

export const videoSearchQuerySchema = z.object({
  q: searchTextSchema,
  page: pageSchema,
  limit: limitSchema,
  cursor: cursorQuerySchema,
  sortBy: z
    .enum(SEARCH_SORT_FIELDS)
    .optional()
    .describe('Newest first (createdAt) unless told; relevance ranks title matches first'),
  sortType: z
    .enum(['asc', 'desc'])
    .optional()
    .describe(
      'Direction of createdAt, views and duration (desc by default); relevance is best first',
    ),
  uploadDate: z.enum(UPLOAD_DATE_FILTERS).optional(),
  duration: z.enum(DURATION_FILTERS).optional(),
});
export type VideoSearchQuery = z.infer<typeof videoSearchQuerySchema>;

/** GET /videos/trending: the most watched public videos of the last days, recent views weighing most. */
export const trendingQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema,
});

/** The subscriptions feed: newest first, by page or by cursor. */
export const feedQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema,
  cursor: cursorQuerySchema,
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const suggestionsQuerySchema = z.object({
  q: searchTextSchema,
});

export const suggestionSchema = z.object({ _id: z.string(), title: z.string() });

const titleSchema = z
  .string({ error: MESSAGES.titleMin })
  .trim()
  .min(LIMITS.minTrimmed, MESSAGES.titleMin)
  .max(LIMITS.titleMax, `Title must be at most ${LIMITS.titleMax} characters long.`)
  .regex(...singleLine('Title'));
const descriptionSchema = z
  .string({ error: MESSAGES.descriptionMin })
  .trim()
  .min(LIMITS.minTrimmed, MESSAGES.descriptionMin)
  .max(
    LIMITS.descriptionMax,
    `Description must be at most ${LIMITS.descriptionMax} characters long.`,
  )
  .regex(...multiLine('Description'));
const hashtagSchema = z
  .string({ error: MESSAGES.hashtagRequired })
  .trim()
  .min(LIMITS.minTrimmed, MESSAGES.hashtagRequired)
  .max(LIMITS.hashtagMax, `Hashtag must be at most ${LIMITS.hashtagMax} characters long.`)
  .regex(...singleLine('Hashtag'));
const visibilitySchema = z.enum(VISIBILITIES, { error: MESSAGES.visibilityRequired });

/** Text fields of the upload form, after visibility has been derived (files are separate). */
export const videoFieldsSchema = z.object({
  title: titleSchema,
  description: descriptionSchema,
  hashtag: hashtagSchema,
  visibility: visibilitySchema,
});
export type VideoFields = z.infer<typeof videoFieldsSchema>;

/** PATCH: any subset of the upload fields, under the same rules. */
export const videoUpdateSchema = videoFieldsSchema.partial();
export type VideoUpdate = z.infer<typeof videoUpdateSchema>;

/** `visibility` when given; otherwise the older isPublished flag (true → public, false → private). */
export function deriveVisibility(fields: Record<string, unknown>): string | undefined {
  const visibility = typeof fields.visibility === 'string' ? fields.visibility.trim() : '';
  if (visibility) return visibility;
  if (fields.isPublished === 'true' || fields.isPublished === true) return 'public';
  if (fields.isPublished === 'false' || fields.isPublished === false) return 'private';
  return undefined;
}

const withDerivedVisibility = (raw: Record<string, unknown>) => ({
  ...raw,
  visibility: deriveVisibility(raw),
});

/** Read only when `visibility` is absent; any other value is ignored, never refused. */
const isPublishedField = z
  .union([z.enum(['true', 'false']), z.boolean()])
  .optional()
  .catch(undefined)
  .describe("Older clients' flag, read when visibility is absent: true is public, false private");

const thumbnailPart: FilePart = {
  maxBytes: LIMITS.imageMaxBytes,
  tooLarge: MESSAGES.thumbnailTooLarge,
  description: 'An image (JPEG, PNG, WebP, GIF or AVIF), at most 25 MiB',
};

/** POST /videos/publishavideo (multipart). */
export const videoUploadBody = formBody({
  fields: videoFieldsSchema.extend({
    visibility: visibilitySchema.describe(
      'private, unlisted or public; may be left out when isPublished is sent',
    ),
    isPublished: isPublishedField,
    duration: z
      .string()
      .optional()
      .catch(undefined)
      .describe('Seconds, a hint only: the server reads the duration from the file'),
    uploadId: uploadIdSchema
      .optional()
      .describe(
        'A finished resumable upload (the last path segment of its URL under /uploads) instead of videoFile; its bytes become the video and the upload is gone',
      ),
  }),
  files: {
    videoFile: {
      maxBytes: LIMITS.videoMaxBytes,
      tooLarge: MESSAGES.videoTooLarge,
      required: MESSAGES.videoRequired,
      orField: 'uploadId',
      description:
        'The video (MP4, MOV, WebM, Matroska or Ogg), at most UPLOAD_MAX_BYTES (25 MiB unless the operator allows more); or uploadId',
    },
    thumbnail: { ...thumbnailPart, required: MESSAGES.thumbnailRequired },
  },
  prepare: withDerivedVisibility,
});
export type VideoUploadFields = z.output<typeof videoUploadBody.fields>;

/** PATCH /videos/{id} (JSON with the text fields, or multipart with an optional thumbnail). */
export const videoEditBody = formBody({
  fields: videoUpdateSchema.extend({
    isPublished: isPublishedField,
    commentsMode: z
      .enum(COMMENTS_MODES, { error: 'commentsMode must be open, held or off.' })
      .optional()
      .describe('open, held (new comments wait for your approval) or off'),
  }),
  files: { thumbnail: thumbnailPart },
  prepare: withDerivedVisibility,
});

export const viewCountSchema = z.object({ views: z.number().int(), counted: z.boolean() });
