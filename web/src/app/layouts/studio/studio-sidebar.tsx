import { ROUTES } from '@contract';
import { NavLink } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { useAuth } from '../../../features/auth/hooks/auth-context';
import { cn } from '../../../lib/cn';
import { STUDIO_NAV } from './studio-nav-items';

/** Full width on large screens, an icon rail between the studio minimum and that. */
export function StudioSidebar() {
  const { authUser } = useAuth();
  const name = authUser ? authUser.fullName || authUser.username : '';

  return (
    <aside
      aria-label="Studio sidebar"
      className="fixed top-topbar bottom-0 left-0 z-30 w-rail overflow-y-auto border-r border-line bg-page py-4 lg:w-sidebar"
    >
      {authUser ? (
        <div className="mb-4 flex flex-col items-center gap-2 px-2 text-center">
          <NavLink
            to={ROUTES.channel(authUser.username)}
            aria-label="Your channel"
            className="rounded-full"
          >
            <Avatar
              src={authUser.avatar}
              name={name}
              size="lg"
              decorative
              className="size-10 lg:size-28"
            />
          </NavLink>
          <div className="hidden min-w-0 lg:block">
            <p className="text-sm font-medium text-ink-strong">Your channel</p>
            <p className="truncate text-sm text-ink">{name}</p>
          </div>
        </div>
      ) : null}
      <nav aria-label="Studio navigation">
        <ul className="flex flex-col">
          {STUDIO_NAV.map(({ label, icon: Icon, to }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to !== ROUTES.studioContent}
                className={({ isActive }) =>
                  cn(
                    'relative flex flex-col items-center gap-1 px-0.5 py-3 text-[0.625rem] text-ink transition-colors hover:bg-hover lg:h-12 lg:flex-row lg:gap-6 lg:px-6 lg:py-0 lg:text-sm',
                    isActive &&
                      'bg-hover font-medium text-accent before:absolute before:inset-y-0 before:left-0 before:w-1 before:bg-accent',
                  )
                }
              >
                <Icon className="size-6 shrink-0" aria-hidden />
                <span className="w-full truncate text-center lg:text-left">{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
