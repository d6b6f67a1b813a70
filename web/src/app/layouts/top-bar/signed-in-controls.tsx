import type { SessionUser } from '@contract';
import { NotificationBell } from '../../../features/notifications';
import { AccountMenu } from './account-menu';
import { CreateMenu } from './create-menu';

/** The top bar's controls for someone signed in: Create (upload), the bell, the account menu. */
export function SignedInControls({ user }: { user: SessionUser }) {
  return (
    <>
      <CreateMenu />
      <NotificationBell />
      <AccountMenu user={user} />
    </>
  );
}
