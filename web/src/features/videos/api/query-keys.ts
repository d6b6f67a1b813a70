import { videoListRoots } from '../../../lib/video-lists';

/**
 * Cache keys for everything read from /videos. A change to a video refreshes them with every
 * other video list (`refreshVideoLists`).
 */
export const videoKeys = {
  all: videoListRoots.videos,
  lists: () => [...videoKeys.all, 'list'] as const,
  list: (params: { page: number; limit: number; userId?: string }) =>
    [...videoKeys.lists(), params] as const,
  /** Endless lists (every page read so far), under the lists so a change refreshes them. */
  pages: (params: object) => [...videoKeys.lists(), 'pages', params] as const,
  details: () => [...videoKeys.all, 'detail'] as const,
  detail: (id: string) => [...videoKeys.details(), id] as const,
  searches: () => [...videoKeys.all, 'search'] as const,
  search: (q: string, options: object = {}) => [...videoKeys.searches(), q, options] as const,
  trending: () => [...videoKeys.all, 'trending'] as const,
  suggestions: (q: string) => [...videoKeys.all, 'suggestions', q] as const,
};
