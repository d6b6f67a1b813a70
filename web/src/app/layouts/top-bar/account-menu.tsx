import { isStaff, ROUTES } from '@contract';
import type { SessionUser } from '@contract';
import {
  CircleUserRound,
  Clapperboard,
  CreditCard,
  LogOut,
  Settings,
  ShieldCheck,
  SquareUserRound,
  UserRound,
  UsersRound,
} from 'lucide-react';
import { Suspense, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { DropdownMenu, MenuButton, MenuLink, MenuSeparator } from '../../../components/ui/menu';
import { googleSignInUrl, useAuthProviders } from '../../../features/auth/api/auth-providers';
import { useSignOut } from '../../../features/auth/hooks/use-sign-out';
import { accountPageUrl } from '../../../features/auth/utils/account-page';
import { retryableLazy } from '../../../lib/retryable-lazy';

// Opened from the menu only: its form and mutations stay out of every page's first load.
const ProfileDialog = retryableLazy(async () => (await import('./profile-dialog')).ProfileDialog);

export function AccountMenu({ user }: { user: SessionUser }) {
  const { signOut, switchAccount } = useSignOut();
  const providers = useAuthProviders();
  // With Google configured, Switch Account is Google's account chooser; the server replaces
  // the current session when the chosen account comes back. Otherwise: sign out, then /signin.
  const onSwitchAccount = () => {
    if (providers.google) window.location.assign(googleSignInUrl({ prompt: 'select_account' }));
    else void switchAccount();
  };
  const [profileOpen, setProfileOpen] = useState(false);
  // Mounted from the first opening on, so what was typed is still there when it opens again.
  const [profileRequested, setProfileRequested] = useState(false);
  const accountPage = accountPageUrl(user);

  return (
    <>
      <DropdownMenu
        label="Account menu"
        triggerClassName="flex size-10 items-center justify-center rounded-full transition-colors hover:bg-hover aria-expanded:bg-hover"
        trigger={
          <Avatar src={user.avatar} name={user.fullName || user.username} size="sm" decorative />
        }
        panelClassName="w-72"
        header={
          <div className="mb-2 flex items-start gap-3 border-b border-line px-4 pt-2 pb-3">
            <Avatar src={user.avatar} name={user.fullName || user.username} size="md" decorative />
            <div className="min-w-0">
              <p className="truncate font-medium text-ink-strong">{user.fullName}</p>
              <p className="truncate text-sm text-ink">@{user.username}</p>
            </div>
          </div>
        }
      >
        <MenuLink to={ROUTES.channel(user.username)} icon={SquareUserRound}>
          View your channel
        </MenuLink>
        {accountPage ? (
          <MenuLink to={accountPage} icon={CircleUserRound} newTab>
            Account
          </MenuLink>
        ) : null}
        <MenuButton icon={UsersRound} onSelect={onSwitchAccount}>
          Switch Account
        </MenuButton>
        <MenuButton icon={LogOut} onSelect={() => void signOut()}>
          Sign Out
        </MenuButton>
        <MenuSeparator />
        <MenuLink to={ROUTES.studioContent} icon={Clapperboard} newTab>
          Studio
        </MenuLink>
        {isStaff(user.role) ? (
          <MenuLink to={ROUTES.admin} icon={ShieldCheck}>
            Admin console
          </MenuLink>
        ) : null}
        <MenuLink to={ROUTES.comingSoon} icon={CreditCard}>
          Purchases and Memberships
        </MenuLink>
        <MenuSeparator />
        <MenuLink to={ROUTES.settings} icon={Settings}>
          Settings
        </MenuLink>
        <MenuButton
          icon={UserRound}
          onSelect={() => {
            setProfileRequested(true);
            setProfileOpen(true);
          }}
        >
          Profile
        </MenuButton>
      </DropdownMenu>
      {profileRequested ? (
        <Suspense fallback={null}>
          <ProfileDialog
            open={profileOpen}
            onClose={() => setProfileOpen(false)}
            username={user.username}
          />
        </Suspense>
      ) : null}
    </>
  );
}
