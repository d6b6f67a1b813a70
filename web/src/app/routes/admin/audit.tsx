import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AuditView } from '../../../features/admin';

export function AdminAuditPage() {
  useDocumentTitle('Audit log', 'Vidshare Admin');
  return <AuditView />;
}
