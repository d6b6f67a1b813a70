import { API_PATHS } from '@contract';
import type {
  GoogleLinkDone,
  GoogleLinkPasswordBody,
  GoogleLinkPending,
  GoogleLinkSeparateBody,
} from '@contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { sessionQueryKey, signedIn } from './session-keys';

const pendingKey = ['auth', 'google-link'] as const;

/** The Google sign-in waiting in this browser for proof of the account with its email. */
export function fetchPendingLink(signal?: AbortSignal): Promise<GoogleLinkPending> {
  return apiData<GoogleLinkPending>(API_PATHS.googleLink, { signal });
}

export function usePendingLink() {
  return useQuery({
    queryKey: pendingKey,
    queryFn: ({ signal }) => fetchPendingLink(signal),
    retry: false,
    staleTime: Infinity,
  });
}

export function linkWithPassword(body: GoogleLinkPasswordBody): Promise<GoogleLinkDone> {
  return apiData<GoogleLinkDone>(API_PATHS.googleLink, { method: 'POST', json: body });
}

export function createSeparateAccount(body: GoogleLinkSeparateBody): Promise<GoogleLinkDone> {
  return apiData<GoogleLinkDone>(API_PATHS.googleLinkSeparate, { method: 'POST', json: body });
}

/** Either way of finishing signs in: the app then forgets what it cached while signed out. */
function useFinishLink<B>(finish: (body: B) => Promise<GoogleLinkDone>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finish,
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, signedIn(user));
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

export const useLinkWithPassword = () => useFinishLink(linkWithPassword);
export const useCreateSeparateAccount = () => useFinishLink(createSeparateAccount);
