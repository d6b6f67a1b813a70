import { ROUTES } from '@contract';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { PageSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useAuth } from '../../auth';

const SECTIONS = [
  { label: 'Dashboard', to: ROUTES.admin, end: true },
  { label: 'Reports', to: ROUTES.adminReports },
  { label: 'Users', to: ROUTES.adminUsers },
  { label: 'Videos', to: ROUTES.adminVideos },
  { label: 'Audit log', to: ROUTES.adminAudit },
  { label: 'Settings', to: ROUTES.adminSettings, adminOnly: true },
] as const;

/** The console's frame: its heading, the sections as links, and the section shown. */
export function AdminConsole() {
  const { authUser } = useAuth();
  const isAdmin = authUser?.role === 'admin';
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeading>Admin console</PageHeading>
      <nav aria-label="Admin console" className="mt-4 border-b border-line">
        <ul className="flex flex-wrap gap-1">
          {SECTIONS.filter((s) => !('adminOnly' in s) || isAdmin).map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={'end' in section}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium transition-colors',
                    isActive
                      ? 'border-ink-strong text-ink-strong'
                      : 'border-transparent text-ink hover:text-ink-strong',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
