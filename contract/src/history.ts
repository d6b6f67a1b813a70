import { z } from 'zod';
import { LIMITS } from './limits.js';
import { singleLine } from './text.js';
import { videoSchema } from './video.js';

/** One video of the caller's watch history: when they last watched it and where they stopped. */
export const historyEntrySchema = z.object({
  video: videoSchema,
  watchedAt: z.string().describe('ISO time the caller last opened the video.'),
  position: z
    .number()
    .describe('Seconds into the video where the caller stopped; 0 when never played.'),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const HISTORY_SEARCH_MAX = 100;

export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.feedPageSize),
  /** Only entries whose video title contains this text, case-insensitive. */
  q: z
    .string()
    .trim()
    .max(HISTORY_SEARCH_MAX)
    .regex(...singleLine('The search'))
    .default(''),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** Read at the top level, like the other lists (API notes). */
export const historyPageSchema = z.object({
  statusCode: z.number().int(),
  success: z.literal(true),
  message: z.string(),
  data: z
    .array(historyEntrySchema)
    .describe('Newest first; videos the caller may no longer see are left out.'),
  totalEntries: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
  paused: z.boolean().describe('While true, watching records nothing in the history.'),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const historyPausedSchema = z.object({
  paused: z.boolean({ error: 'paused must be true or false.' }),
});
export type HistoryPaused = z.infer<typeof historyPausedSchema>;

/** Ids of videos on screen, comma-separated: where the caller stopped in each. */
export const WATCH_POSITIONS_MAX = 100;
export const watchPositionsQuerySchema = z.object({
  ids: z
    .string()
    .max(WATCH_POSITIONS_MAX * 25)
    .transform((text) => [...new Set(text.split(',').filter(Boolean))])
    .pipe(
      z
        .array(z.string().regex(/^[0-9a-f]{24}$/, 'ids must be video ids, comma-separated.'))
        .max(WATCH_POSITIONS_MAX, `At most ${WATCH_POSITIONS_MAX} ids at once.`),
    ),
});

export const watchPositionSchema = z.object({
  videoId: z.string(),
  position: z.number().describe('Seconds into the video where the caller stopped.'),
});
export type WatchPosition = z.infer<typeof watchPositionSchema>;
