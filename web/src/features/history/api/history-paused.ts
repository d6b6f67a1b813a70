import { API_PATHS, type HistoryPaused } from '@contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { historyKeys } from './history-keys';

/** Whether the signed-in viewer's history is paused; `enabled` false for visitors. */
export function useHistoryPaused(enabled = true) {
  return useQuery({
    queryKey: historyKeys.paused(),
    queryFn: ({ signal }) => apiData<HistoryPaused>(API_PATHS.historyPaused, { signal }),
    enabled,
  });
}

/** Pauses or resumes the history; the answer is the setting as saved. */
export function useSetHistoryPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) =>
      apiData<HistoryPaused>(API_PATHS.historyPaused, { method: 'PUT', json: { paused } }),
    onSuccess: (saved) => queryClient.setQueryData(historyKeys.paused(), saved),
  });
}
