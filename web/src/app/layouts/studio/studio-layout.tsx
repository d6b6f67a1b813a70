import { ROUTES } from '@contract';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageErrorBoundary } from '../../page-error-boundary';
import { ConnectionBanner } from '../connection-banner';
import { Logo } from '../../../components/ui/logo';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../features/auth/hooks/auth-context';
import { AccountMenu } from '../top-bar/account-menu';
import { StudioSidebar } from './studio-sidebar';

export function StudioLayout() {
  const { authUser } = useAuth();
  const location = useLocation();

  return (
    <div className="min-h-dvh">
      <header className="fixed inset-x-0 top-0 z-40 flex h-topbar items-center justify-between gap-4 border-b border-line bg-page px-4">
        <Link to={ROUTES.studioDashboard} className="rounded-md py-2">
          <Logo suffix="Studio" />
        </Link>
        <div className="flex items-center gap-3">
          <Link
            to={ROUTES.root}
            className="rounded-full px-3 py-2 text-sm font-medium text-ink-strong transition-colors hover:bg-hover"
          >
            Exit Studio
          </Link>
          {authUser ? <AccountMenu user={authUser} /> : null}
        </div>
      </header>
      <ConnectionBanner />
      <StudioSidebar />
      <main className="pt-topbar pl-rail lg:pl-sidebar">
        <div className="mx-auto max-w-6xl px-4 py-6 lg:px-8">
          <PageErrorBoundary resetKey={location.pathname}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </div>
      </main>
    </div>
  );
}
