// No zod here: the search page's order and filters read these.

/** The columns a list of videos may be ordered by. */
export const VIDEO_SORT_FIELDS = ['title', 'createdAt', 'views', 'duration'] as const;
export type VideoSortField = (typeof VIDEO_SORT_FIELDS)[number];

export const SEARCH_MAX = 100;

/** How search results may be ordered: relevance first, else by a column (newest first by default). */
export const SEARCH_SORT_FIELDS = ['relevance', 'createdAt', 'views', 'duration'] as const;
export type SearchSortField = (typeof SEARCH_SORT_FIELDS)[number];

/** Uploaded within the last day, 7 days, 30 days or 365 days. */
export const UPLOAD_DATE_FILTERS = ['today', 'week', 'month', 'year'] as const;
export type UploadDateFilter = (typeof UPLOAD_DATE_FILTERS)[number];

/** Under 4 minutes, 4 to 20 minutes, over 20 minutes. */
export const DURATION_FILTERS = ['short', 'medium', 'long'] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number];
