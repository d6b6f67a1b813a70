import { API_PATHS } from '@contract';
import type { StudioVideoList } from '@contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { studioVideosSearch, type StudioSort } from '../utils/sort-params';
import { anyProcessing, PROCESSING_POLL_MS } from '../../videos';
import { studioKeys } from './query-keys';

/** Rows per page: the server sorts and slices, so a channel with thousands of videos stays fast. */
export const STUDIO_PAGE_SIZE = 20;

export type StudioVideosParams = { page: number; limit: number } & StudioSort;

/** One page of the caller's videos (any visibility), read at the top level like getallvideos. */
export function getStudioVideos(
  params: StudioVideosParams,
  signal?: AbortSignal,
): Promise<StudioVideoList> {
  const search = studioVideosSearch(params.page, params.limit, params);
  return apiRequest<StudioVideoList>(`${API_PATHS.studioVideos}?${search}`, { signal });
}

export function useStudioVideos(params: StudioVideosParams) {
  return useQuery({
    queryKey: studioKeys.videos(params),
    queryFn: ({ signal }) => getStudioVideos(params, signal),
    // Keeps the table on screen while the next page or sort order loads.
    placeholderData: keepPreviousData,
    // The table follows videos still being processed until they are ready.
    refetchInterval: (query) =>
      anyProcessing(query.state.data?.data) ? PROCESSING_POLL_MS : false,
  });
}
