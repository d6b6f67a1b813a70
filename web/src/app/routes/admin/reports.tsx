import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ReportsView } from '../../../features/admin';

export function AdminReportsPage() {
  useDocumentTitle('Reports', 'Vidshare Admin');
  return <ReportsView />;
}
