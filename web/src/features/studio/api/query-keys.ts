import type { AnalyticsRange } from '@contract';
import type { StudioSort } from '../utils/sort-params';

/** Cache keys for the studio's own reads; edits and deletes invalidate `studioKeys.all`. */
export const studioKeys = {
  all: ['studio'] as const,
  dashboard: () => [...studioKeys.all, 'dashboard'] as const,
  videoLists: () => [...studioKeys.all, 'videos'] as const,
  videos: (params: { page: number; limit: number } & StudioSort) =>
    [...studioKeys.videoLists(), params] as const,
  analytics: (range: AnalyticsRange, videoId: string | null) =>
    [...studioKeys.all, 'analytics', range, videoId] as const,
  progress: (videoId: string) => [...studioKeys.all, 'progress', videoId] as const,
};
