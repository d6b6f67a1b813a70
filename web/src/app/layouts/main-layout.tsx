import { ROUTES } from '@contract';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useMediaQuery } from '../../hooks/use-media-query';
import { cn } from '../../lib/cn';
import { PageErrorBoundary } from '../page-error-boundary';
import { useAuth } from '../../features/auth/hooks/auth-context';
import { HOME_VIDEOS_ID } from '../../lib/ui-constants';
import { ConnectionBanner } from './connection-banner';
import { Sidebar } from './sidebar/sidebar';
import { TopBar } from './top-bar/top-bar';

const SIDEBAR_ID = 'app-sidebar';
const WIDE = '(min-width: 1024px)';
const SMALL_UP = '(min-width: 640px)';

/** Watch pages give the player the full width: the sidebar only opens as a drawer there. */
function isWatchPath(pathname: string): boolean {
  return pathname.startsWith('/watch/');
}

function useSidebarState() {
  const smallUp = useMediaQuery(SMALL_UP);
  const location = useLocation();
  const watching = isWatchPath(location.pathname);
  const [expanded, setExpanded] = useState(() => !watching && window.matchMedia(WIDE).matches);
  const [seen, setSeen] = useState({ smallUp, key: location.key, watching });
  const overlay = !smallUp || watching;

  // The drawer covers the page, so it closes when the page changes or the window shrinks
  // into phone size; adjusting during render avoids a flash of the open drawer. Leaving a
  // watch page brings back the sidebar the screen size would normally show.
  if (seen.smallUp !== smallUp || seen.key !== location.key || seen.watching !== watching) {
    setSeen({ smallUp, key: location.key, watching });
    if (overlay) setExpanded(false);
    else if (seen.watching) setExpanded(window.matchMedia(WIDE).matches);
  }

  return { expanded, setExpanded, overlay };
}

export function MainLayout() {
  const { expanded, setExpanded, overlay } = useSidebarState();
  const location = useLocation();
  const { isAuthenticated } = useAuth();
  // The feed's pages: past the top bar, the chips and the sidebar in one step.
  const feed =
    location.pathname === ROUTES.home || (location.pathname === ROUTES.root && isAuthenticated);

  useEffect(() => {
    if (!(overlay && expanded)) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setExpanded(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlay, expanded, setExpanded]);

  return (
    <div className="min-h-dvh">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-medium text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {feed ? (
        <a
          href={`#${HOME_VIDEOS_ID}`}
          onClick={(event) => {
            // Focus goes to the list itself, so the next Tab is its first video.
            event.preventDefault();
            document.getElementById(HOME_VIDEOS_ID)?.focus();
          }}
          className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-medium text-black focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to videos
        </a>
      ) : null}
      <TopBar
        sidebarId={SIDEBAR_ID}
        sidebarExpanded={expanded}
        onToggleSidebar={() => setExpanded((value) => !value)}
      />
      <ConnectionBanner />
      <Sidebar
        id={SIDEBAR_ID}
        expanded={expanded}
        overlay={overlay}
        onClose={() => setExpanded(false)}
      />
      <main
        id="main-content"
        tabIndex={-1}
        className={cn('pt-topbar outline-none', !overlay && (expanded ? 'pl-sidebar' : 'pl-rail'))}
      >
        <PageErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
    </div>
  );
}
