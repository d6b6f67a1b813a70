import { API_PATHS } from '@contract';
import type { Instance } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

export function fetchInstance(signal?: AbortSignal): Promise<Instance> {
  return apiData<Instance>(API_PATHS.instance, { signal });
}

/** What this server offers (mail, required verification); undefined until it answers. */
export function useInstance() {
  return useQuery({
    queryKey: ['instance'],
    queryFn: ({ signal }) => fetchInstance(signal),
    // Server configuration: it changes only with a restart.
    staleTime: Infinity,
  }).data;
}
