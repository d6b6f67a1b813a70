import { ROUTES } from '@contract';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/hooks/auth-context';
import type { FromState } from '../../lib/redirect';

/** Pages for signed-in users only; visitors go to sign-in and come back here afterwards. */
export function RequireAuth() {
  const { isAuthenticated, isAuthChecked } = useAuth();
  const location = useLocation();

  if (!isAuthChecked) return <PageSpinner />;
  if (!isAuthenticated) {
    const state: FromState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={ROUTES.signin} replace state={state} />;
  }
  return <Outlet />;
}
