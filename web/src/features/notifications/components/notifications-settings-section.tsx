import { SettingsSection } from '../../account';
import { NotificationSettingsForm } from './notification-settings-form';

/** The Settings page's Notifications: which kinds the bell brings. */
export function NotificationsSettingsSection() {
  return (
    <SettingsSection
      id="notifications"
      title="Notifications"
      description="Choose what the bell in the top bar tells you about."
    >
      <NotificationSettingsForm />
    </SettingsSection>
  );
}
