import type { AnalyticsRange } from '@contract';
import { videoListRoots } from '../../../lib/video-lists';
import type { StudioSort } from '../utils/sort-params';

/** Cache keys for the studio's own reads; edits and deletes invalidate `studioKeys.all`. */
export const studioKeys = {
  all: videoListRoots.studio,
  dashboard: () => [...studioKeys.all, 'dashboard'] as const,
  videoLists: () => [...studioKeys.all, 'videos'] as const,
  videos: (params: { page: number; limit: number } & StudioSort) =>
    [...studioKeys.videoLists(), params] as const,
  /** The content table's endless list, every page read so far, per sort order. */
  videoPages: () => [...studioKeys.all, 'video-pages'] as const,
  videoPagesOf: (sort: StudioSort) => [...studioKeys.videoPages(), sort] as const,
  analytics: (range: AnalyticsRange, videoId: string | null) =>
    [...studioKeys.all, 'analytics', range, videoId] as const,
};
