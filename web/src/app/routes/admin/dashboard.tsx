import { useDocumentTitle } from '../../../hooks/use-document-title';
import { DashboardView } from '../../../features/admin';

export function AdminDashboardPage() {
  useDocumentTitle('Admin console', 'Vidshare Admin');
  return <DashboardView />;
}
