import { API_PATHS } from '@contract';
import type { VideoDetail } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import {
  STILL_PROCESSING_POLL_MS,
  isStillProcessing,
  processingPollInterval,
} from '../utils/processing';
import { videoKeys } from './query-keys';

/** One video with its counts and the viewer's like and subscription state; 404 when unknown. */
export function getVideo(id: string, signal?: AbortSignal): Promise<VideoDetail> {
  return apiData<VideoDetail>(API_PATHS.video(id), { signal });
}

export const videoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: videoKeys.detail(id),
    queryFn: ({ signal }) => getVideo(id, signal),
    enabled: id !== '',
    // Only an owner ever sees a video being processed: its page follows until it is ready.
    // Anyone else with its link is told it is being processed, and asks again until it plays.
    refetchInterval: (query) =>
      isStillProcessing(query.state.error)
        ? STILL_PROCESSING_POLL_MS
        : processingPollInterval(query.state.data),
  });

export function useVideo(id: string) {
  return useQuery(videoQueryOptions(id));
}
