/**
 * Cache keys for everything read from /videos. Other features (upload, studio) invalidate
 * `videoKeys.all` after changing a video so every list and page refetches.
 */
export const videoKeys = {
  all: ['videos'] as const,
  lists: () => [...videoKeys.all, 'list'] as const,
  list: (params: { page: number; limit: number; userId?: string }) =>
    [...videoKeys.lists(), params] as const,
  details: () => [...videoKeys.all, 'detail'] as const,
  detail: (id: string) => [...videoKeys.details(), id] as const,
  searches: () => [...videoKeys.all, 'search'] as const,
  search: (q: string) => [...videoKeys.searches(), q] as const,
  suggestions: (q: string) => [...videoKeys.all, 'suggestions', q] as const,
};
