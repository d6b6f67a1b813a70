import { API_PATHS } from '@contract';
import type { LoginBody, SessionUser } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { sessionQueryKey, signedIn } from './session-keys';

/** `username` carries either an email address or a username; the server tells them apart. */
export async function login(body: LoginBody): Promise<SessionUser> {
  const data = await apiData<{ user: SessionUser }>(API_PATHS.login, {
    method: 'POST',
    json: body,
  });
  return data.user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Anything cached while signed out (or as someone else) may now be wrong.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, signedIn(user));
      // Confirms in the background that the browser really kept the session cookie.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
