import { ROUTES } from '@contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/hooks/auth-context';
import { useWindowWidth } from '../../hooks/use-window-width';
import { isStudioWidthSupported } from '../../lib/studio';

/**
 * Studio is for signed-in users on screens wide enough for it. The width is watched live, so
 * shrinking the window below the minimum leaves the studio as well.
 */
export function StudioGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated, isAuthChecked } = useAuth();
  const width = useWindowWidth();

  if (!isAuthChecked) return <PageSpinner />;
  if (!isAuthenticated) return <Navigate to={ROUTES.root} replace />;
  if (!isStudioWidthSupported(width)) return <Navigate to={ROUTES.studioUnavailable} replace />;
  return <>{children}</>;
}
