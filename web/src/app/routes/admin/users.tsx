import { useDocumentTitle } from '../../../hooks/use-document-title';
import { UsersView } from '../../../features/admin';

export function AdminUsersPage() {
  useDocumentTitle('Users', 'Vidshare Admin');
  return <UsersView />;
}
