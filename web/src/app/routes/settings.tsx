import { useDocumentTitle } from '../../hooks/use-document-title';
import { SettingsView } from '../../features/account/components/settings/settings-view';
import { HistorySettingsSection } from '../../features/history';
import { NotificationsSettingsSection } from '../../features/notifications';

/** The library's settings follow the account's own. */
const LIBRARY_SECTIONS = [
  { id: 'notifications', Section: NotificationsSettingsSection },
  { id: 'history', Section: HistorySettingsSection },
];

export function SettingsPage() {
  useDocumentTitle('Settings');
  return <SettingsView more={LIBRARY_SECTIONS} />;
}
