import { ROUTES } from '@contract';
import { ArrowLeft, CircleUserRound, Menu, Search } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { Logo } from '../../../components/ui/logo';
import { useAuth } from '../../../features/auth/hooks/auth-context';
import { SearchForm } from '../../../features/search/components/search-form';
import { retryableLazy } from '../../../lib/retryable-lazy';
import { ControlsBoundary } from './controls-boundary';

// Loaded once the session says someone is signed in: visitors never download the menus, the
// bell and the upload launcher.
const SignedInControls = retryableLazy(
  async () => (await import('./signed-in-controls')).SignedInControls,
);

type TopBarProps = {
  sidebarId: string;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
};

export function TopBar({ sidebarId, sidebarExpanded, onToggleSidebar }: TopBarProps) {
  const { isAuthChecked, isAuthenticated, authUser } = useAuth();
  // Below `sm` the bar has no room for a usable field: a button opens it over the whole bar.
  const [searchOpen, setSearchOpen] = useState(false);
  const searchOpener = useRef<HTMLButtonElement>(null);
  // Back and Escape return focus to the button that opened the field; a search moves on.
  const closeSearch = () => {
    setSearchOpen(false);
    searchOpener.current?.focus();
  };

  return (
    <header className="fixed inset-x-0 top-0 z-40 flex h-topbar items-center gap-2 bg-page/95 px-2 backdrop-blur sm:gap-4 sm:px-4">
      <div className="flex shrink-0 items-center gap-1 sm:gap-3">
        <button
          type="button"
          aria-label="Toggle menu"
          aria-expanded={sidebarExpanded}
          aria-controls={sidebarId}
          onClick={onToggleSidebar}
          className={buttonStyles.icon}
        >
          <Menu className="size-6" aria-hidden />
        </button>
        <Link to={ROUTES.root} aria-label="Vidshare" className="rounded-md px-1 py-2">
          <Logo wordClassName="hidden min-[400px]:inline" />
        </Link>
      </div>

      <div className="hidden min-w-0 flex-1 justify-center sm:flex">
        <SearchForm className="w-full max-w-xl" />
      </div>
      <div className="flex flex-1 justify-end sm:hidden">
        <button
          ref={searchOpener}
          type="button"
          aria-label="Search"
          aria-expanded={searchOpen}
          onClick={() => setSearchOpen(true)}
          className={buttonStyles.icon}
        >
          <Search className="size-6" aria-hidden />
        </button>
      </div>
      {searchOpen ? (
        <div className="absolute inset-0 z-10 flex items-center gap-2 bg-page px-2 sm:hidden">
          <button
            type="button"
            aria-label="Close search"
            onClick={closeSearch}
            className={buttonStyles.icon}
          >
            <ArrowLeft className="size-6" aria-hidden />
          </button>
          <SearchForm
            className="flex-1"
            autoFocus
            onDone={() => setSearchOpen(false)}
            onEscape={closeSearch}
          />
        </div>
      ) : null}

      <div className="flex min-w-10 shrink-0 items-center justify-end gap-1 sm:gap-2">
        {!isAuthChecked ? null : isAuthenticated && authUser ? (
          <ControlsBoundary>
            <Suspense fallback={null}>
              <SignedInControls user={authUser} />
            </Suspense>
          </ControlsBoundary>
        ) : (
          <Link to={ROUTES.signin} className={`${buttonStyles.outline} px-2.5 sm:px-3.5`}>
            <CircleUserRound className="size-5" aria-hidden />
            Sign in
          </Link>
        )}
      </div>
    </header>
  );
}
