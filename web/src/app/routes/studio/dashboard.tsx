import { useDocumentTitle } from '../../../hooks/use-document-title';
import { DashboardView } from '../../../features/studio/components/dashboard-view';

export function StudioDashboardPage() {
  useDocumentTitle('Channel dashboard', 'Vidshare Studio');
  return <DashboardView />;
}
