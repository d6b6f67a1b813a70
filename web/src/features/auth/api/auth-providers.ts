import { API_BASE, API_PATHS } from '@contract';
import type { AuthProviders, GooglePrompt } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

const NONE: AuthProviders = { google: false };

/** Which identity providers the server has; any failure means none, so no dead button shows. */
export async function fetchAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  try {
    return await apiData<AuthProviders>(API_PATHS.authProviders, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return NONE;
  }
}

export function useAuthProviders() {
  const query = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    // Server configuration: it changes only with a restart.
    staleTime: Infinity,
    retry: false,
  });
  return query.data ?? NONE;
}

/**
 * Where the browser goes to sign in with Google: a full navigation (not fetch), since the
 * server answers with a redirect to Google's page and later sets the session cookie.
 */
export function googleSignInUrl(options: { returnTo?: string; prompt?: GooglePrompt } = {}) {
  const params = new URLSearchParams();
  if (options.returnTo && options.returnTo !== '/') params.set('returnTo', options.returnTo);
  if (options.prompt) params.set('prompt', options.prompt);
  const query = params.toString();
  return `${API_BASE}${API_PATHS.googleStart}${query ? `?${query}` : ''}`;
}
