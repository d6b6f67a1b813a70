import { z } from 'zod';
import { LIMITS, VISIBILITIES } from './limits.js';
import { PLAYLIST_KINDS } from './playlist-kinds.js';
import { multiLine, singleLine } from './text.js';
import { videoSchema } from './video.js';

export const PLAYLIST_MESSAGES = {
  titleRequired: 'Playlist title is required.',
  titleMax: `Playlist title must be at most ${LIMITS.playlistTitleMax} characters long.`,
  descriptionMax: `Playlist description must be at most ${LIMITS.playlistDescriptionMax} characters long.`,
  visibility: 'Visibility must be private, unlisted or public.',
  notFound: 'Playlist not found.',
  full: `A playlist holds at most ${LIMITS.playlistVideosMax} videos.`,
  notInPlaylist: 'That video is not in the playlist.',
  builtIn: 'Watch later cannot be renamed or deleted.',
} as const;

const playlistIdPattern = /^([0-9a-f]{24}|watch-later)$/;

/** A playlist id in a path: 24 hex characters, or `watch-later`. Anything else is a 404. */
export const playlistParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const playlistVideoParamsSchema = z.object({
  id: z.string().min(1).max(64),
  videoId: z.string().min(1).max(64),
});
export const isPlaylistId = (id: string) => playlistIdPattern.test(id);

const titleSchema = z
  .string({ error: PLAYLIST_MESSAGES.titleRequired })
  .trim()
  .min(1, PLAYLIST_MESSAGES.titleRequired)
  .max(LIMITS.playlistTitleMax, PLAYLIST_MESSAGES.titleMax)
  .regex(...singleLine('Playlist title'));
const descriptionSchema = z
  .string()
  .trim()
  .max(LIMITS.playlistDescriptionMax, PLAYLIST_MESSAGES.descriptionMax)
  .regex(...multiLine('Playlist description'));
const visibilitySchema = z.enum(VISIBILITIES, { error: PLAYLIST_MESSAGES.visibility });

/** POST /playlists. A description is optional; a new playlist is private unless told. */
export const playlistCreateSchema = z.object({
  title: titleSchema,
  description: descriptionSchema.default(''),
  visibility: visibilitySchema.default('private'),
});
export type PlaylistCreate = z.input<typeof playlistCreateSchema>;

/** PATCH /playlists/{id}: any of the same fields, under the same rules. */
export const playlistUpdateSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    visibility: visibilitySchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Send title, description or visibility.',
  });
export type PlaylistUpdate = z.infer<typeof playlistUpdateSchema>;

export const playlistAddVideoSchema = z.object({
  videoId: z.string({ error: 'videoId is required.' }).min(1).max(64),
});

/** PATCH /playlists/{id}/videos/{videoId}: the video's new 0-based place in the list. */
export const playlistMoveSchema = z.object({
  position: z
    .number({ error: 'position must be a whole number from 0.' })
    .int('position must be a whole number from 0.')
    .min(0, 'position must be a whole number from 0.'),
});

export const playlistOwnerSchema = z.object({
  _id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string(),
});

/** A playlist as lists show it. Counts are of the videos the caller may see. */
export const playlistSummarySchema = z.object({
  _id: z.string().describe('24 hex characters, or `watch-later` for Watch later.'),
  kind: z.enum(PLAYLIST_KINDS),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(VISIBILITIES),
  owner: playlistOwnerSchema,
  videosCount: z.number().int().describe('Videos in it that the caller may see.'),
  thumbnail: z.string().nullable().describe('The first such video’s thumbnail; null when none.'),
  firstVideoId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;

export const playlistVideoSchema = videoSchema.extend({
  position: z.number().int().describe('0-based place in the list as the caller sees it.'),
  addedAt: z.string(),
});
export type PlaylistVideo = z.infer<typeof playlistVideoSchema>;

export const playlistDetailSchema = playlistSummarySchema.extend({
  videos: z
    .array(playlistVideoSchema)
    .describe('One page, in the owner’s order; videos the caller may not see are left out.'),
  totalVideos: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});
export type PlaylistDetail = z.infer<typeof playlistDetailSchema>;

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);

export const playlistQuerySchema = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeMax),
});

export const playlistsQuerySchema = z.object({
  /** Whose playlists; the caller's own (private ones too) when absent or theirs. */
  owner: z
    .string()
    .regex(/^[0-9a-f]{24}$/, 'owner must be a user id.')
    .optional(),
  page,
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.feedPageSize),
});

export const playlistListSchema = z.object({
  statusCode: z.number().int(),
  success: z.literal(true),
  message: z.string(),
  data: z.array(playlistSummarySchema),
  totalPlaylists: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});
export type PlaylistList = z.infer<typeof playlistListSchema>;

/** The caller's playlists, Watch later first, each saying whether it holds one video. */
export const playlistChoiceSchema = z.object({
  _id: z.string(),
  kind: z.enum(PLAYLIST_KINDS),
  title: z.string(),
  visibility: z.enum(VISIBILITIES),
  containsVideo: z.boolean(),
});
export type PlaylistChoice = z.infer<typeof playlistChoiceSchema>;

export const playlistMembershipSchema = z.object({
  playlistId: z.string(),
  videoId: z.string(),
  containsVideo: z.boolean(),
  videosCount: z.number().int(),
});
export type PlaylistMembership = z.infer<typeof playlistMembershipSchema>;
