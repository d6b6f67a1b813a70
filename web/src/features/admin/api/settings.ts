import { API_PATHS } from '@contract';
import type { InstanceSettings, InstanceSettingsPatch } from '@contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function getSettings(signal?: AbortSignal): Promise<InstanceSettings> {
  return apiData<InstanceSettings>(API_PATHS.adminSettings, { signal });
}

export function useSettings(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => getSettings(signal),
    enabled,
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: InstanceSettingsPatch) =>
      apiData<InstanceSettings>(API_PATHS.adminSettings, { method: 'PATCH', json: patch }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.settings(), saved);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
