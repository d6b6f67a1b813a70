import { API_PATHS } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { watchPositionKeys } from '../../videos';
import { historyKeys } from './history-keys';

function removeHistoryEntry(videoId: string): Promise<null> {
  return apiData<null>(API_PATHS.historyEntry(videoId), { method: 'DELETE' });
}

function clearHistory(): Promise<null> {
  return apiData<null>(API_PATHS.history, { method: 'DELETE' });
}

/** Takes one video out of the history; its red bar goes with it. */
export function useRemoveHistoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeHistoryEntry,
    onSuccess: (_data, videoId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: historyKeys.all }),
        queryClient.setQueryData(watchPositionKeys.one(videoId), 0),
      ]),
  });
}

/** Clears the whole history and every red bar. */
export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearHistory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: historyKeys.all }),
        queryClient.invalidateQueries({ queryKey: watchPositionKeys.all }),
      ]),
  });
}
