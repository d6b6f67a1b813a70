import { isStaff } from '@contract';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/hooks/auth-context';

/**
 * The console is for staff only; anyone else (visitors included) gets the 404 page, so the
 * console's existence is not advertised. The API refuses them on its own anyway.
 */
export function StaffGuard({ notFound }: { notFound: ReactNode }) {
  const { authUser, isAuthChecked } = useAuth();
  if (!isAuthChecked) return <PageSpinner />;
  if (!isStaff(authUser?.role)) return <>{notFound}</>;
  return <Outlet />;
}
