import { API_PATHS } from '@contract';
import type { ChannelProfile } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { videoListRoots } from '../../../lib/video-lists';

/** Cache keys for channel profiles; subscribing updates and invalidates `channelKeys.all`. */
export const channelKeys = {
  all: videoListRoots.channels,
  profile: (username: string) => [...channelKeys.all, username] as const,
};

/** Channel header data; needs a session. Errors are left to the caller, which shows them. */
export function getChannel(username: string, signal?: AbortSignal): Promise<ChannelProfile> {
  return apiData<ChannelProfile>(API_PATHS.channel(username), { signal });
}

export const channelQueryOptions = (username: string) =>
  queryOptions({
    queryKey: channelKeys.profile(username),
    queryFn: ({ signal }) => getChannel(username, signal),
    enabled: username !== '',
  });

export function useChannelQuery(username: string) {
  return useQuery(channelQueryOptions(username));
}
