import { useDocumentTitle } from '../../hooks/use-document-title';
import { DeleteAccountView } from '../../features/account/components/delete-account/delete-account-view';

export function DeleteAccountPage() {
  useDocumentTitle('Delete your account');
  return <DeleteAccountView />;
}
