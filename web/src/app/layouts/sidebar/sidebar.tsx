import { Link, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../../features/auth/hooks/auth-context';
import { cn } from '../../../lib/cn';
import { sidebarSections, type SidebarLink } from './sidebar-items';

type SidebarProps = {
  id: string;
  expanded: boolean;
  /** Below the small breakpoint the expanded sidebar floats over the page as a drawer. */
  overlay: boolean;
  onClose: () => void;
};

function SidebarEntry({ link, expanded }: { link: SidebarLink; expanded: boolean }) {
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const active = link.isActive?.(pathname, query) ?? false;
  const Icon = link.icon;
  const className = cn(
    'flex items-center rounded-xl text-ink-strong transition-colors hover:bg-hover',
    active && 'bg-hover font-medium hover:bg-active',
    expanded
      ? 'h-10 gap-6 px-3 text-sm'
      : 'flex-col justify-center gap-1 px-0.5 py-3 text-[0.625rem] leading-tight',
  );
  const content = (
    <>
      <Icon className={cn('size-6 shrink-0', active && 'text-ink-strong')} aria-hidden />
      <span className={cn(expanded ? 'truncate' : 'w-full truncate text-center')}>
        {link.label}
      </span>
    </>
  );

  if (link.newTab) {
    return (
      <a href={link.to} target="_blank" rel="noopener" className={className}>
        {content}
      </a>
    );
  }
  return (
    <Link to={link.to} aria-current={active ? 'page' : undefined} className={className}>
      {content}
    </Link>
  );
}

export function Sidebar({ id, expanded, overlay, onClose }: SidebarProps) {
  const { isAuthChecked, isAuthenticated } = useAuth();
  // Until the session is known the entries would be a guess, so none are drawn.
  const sections = isAuthChecked ? sidebarSections(isAuthenticated) : [];
  const hidden = overlay && !expanded;

  return (
    <>
      {overlay && expanded ? (
        <div className="fixed inset-0 top-topbar z-30 bg-black/60" aria-hidden onClick={onClose} />
      ) : null}
      <aside
        id={id}
        aria-label="Sidebar"
        hidden={hidden}
        className={cn(
          'fixed top-topbar bottom-0 left-0 z-30 overflow-x-hidden overflow-y-auto overscroll-contain bg-page pb-4 [scrollbar-width:thin]',
          expanded ? 'w-sidebar px-3' : 'w-rail px-0.5',
          overlay && 'shadow-2xl shadow-black/60',
        )}
      >
        <nav aria-label="Main navigation">
          {sections.map((section, index) => (
            <div
              key={section.title ?? `section-${index}`}
              className={cn(expanded && index > 0 && 'mt-3 border-t border-line pt-3')}
            >
              {expanded && section.title ? (
                <h2 className="px-3 pt-1 pb-2 text-base font-semibold text-ink-strong">
                  {section.title}
                </h2>
              ) : null}
              <ul className="flex flex-col">
                {section.links.map((link) => (
                  <li key={link.label}>
                    <SidebarEntry link={link} expanded={expanded} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        {expanded && isAuthChecked ? (
          <p className="mt-4 border-t border-line px-3 pt-4 text-xs text-ink-muted">
            © {new Date().getFullYear()} Vidshare
          </p>
        ) : null}
      </aside>
    </>
  );
}
