/** What other features may use of this one; everything else is internal. */
export { NotificationBell } from './components/notification-bell';
export { NotificationSettingsForm } from './components/notification-settings-form';
export { NotificationsSettingsSection } from './components/notifications-settings-section';
