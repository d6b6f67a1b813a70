import { ROUTES } from '@contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSessionCache, useLogout } from '../api/logout';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useLogout();

  /** Ends the session and lands on the front page. */
  const signOut = useCallback(async () => {
    try {
      await mutateAsync();
    } catch {
      return; // Already logged; the session check refetch shows the real state.
    }
    // Leave the current page before the app learns the user is gone: a sign-in-only page would
    // otherwise send them to the sign-in card instead of the front page.
    await navigate(ROUTES.root, { replace: true, flushSync: true });
    clearSessionCache(queryClient);
  }, [mutateAsync, navigate, queryClient]);

  /**
   * Ends the session and opens the sign-in card for another account. A full page load gives
   * the next account a clean app, and no route guard of the current page can race it.
   */
  const switchAccount = useCallback(async () => {
    try {
      await mutateAsync();
    } catch {
      return;
    }
    window.location.assign(ROUTES.signin);
  }, [mutateAsync]);

  /**
   * The server has already ended the session (the account was deleted): lands on the front page
   * signed out, in the same order as `signOut`.
   */
  const leaveSignedOut = useCallback(async () => {
    await navigate(ROUTES.root, { replace: true, flushSync: true });
    clearSessionCache(queryClient);
  }, [navigate, queryClient]);

  return { signOut, switchAccount, leaveSignedOut, isPending };
}
