import { useDocumentTitle } from '../../hooks/use-document-title';
import { SettingsView } from '../../features/account/components/settings/settings-view';

export function SettingsPage() {
  useDocumentTitle('Settings');
  return <SettingsView />;
}
