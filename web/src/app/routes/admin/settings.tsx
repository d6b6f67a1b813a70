import { useDocumentTitle } from '../../../hooks/use-document-title';
import { SettingsView } from '../../../features/admin';

export function AdminSettingsPage() {
  useDocumentTitle('Settings', 'Vidshare Admin');
  return <SettingsView />;
}
