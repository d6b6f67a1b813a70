import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/hooks/auth-context';
import { returnPath } from '../../lib/redirect';

/**
 * Sign-in and sign-up make no sense once signed in. The target honours a remembered origin so
 * this guard and the login form, which may both react to a fresh login, agree on where to go.
 */
export function GuestOnly() {
  const { isAuthenticated, isAuthChecked } = useAuth();
  const location = useLocation();

  if (!isAuthChecked) return <PageSpinner />;
  if (isAuthenticated) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
