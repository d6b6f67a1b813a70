import type { SessionUser } from '@contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useSessionQuery } from '../api/check-session';
import { SIGNED_OUT, sessionQueryKey, signedIn } from '../api/session-keys';
import { AuthContext, type AuthContextValue } from '../hooks/auth-context';

/**
 * Starts the session check as soon as the app mounts and exposes its answer. The query cache
 * is the single store, so login and logout only have to update that one entry.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data } = useSessionQuery();

  const setAuthUser = useCallback(
    (user: SessionUser | null) =>
      queryClient.setQueryData(sessionQueryKey, user ? signedIn(user) : SIGNED_OUT),
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      isAuthenticated: data?.isAuthenticated ?? false,
      authUser: data?.user ?? null,
      isAuthChecked: data !== undefined,
      setAuthUser,
    }),
    [data, setAuthUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
