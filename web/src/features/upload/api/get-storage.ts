import { API_PATHS } from '@contract';
import type { Storage } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

export const storageKey = ['users', 'me', 'storage'] as const;

/** What the signed-in user stores, their quotas and the upload size limit (from the server). */
export function getStorage(signal?: AbortSignal): Promise<Storage> {
  return apiData<Storage>(API_PATHS.myStorage, { signal });
}

export function useStorage(enabled = true) {
  return useQuery({ queryKey: storageKey, queryFn: ({ signal }) => getStorage(signal), enabled });
}
