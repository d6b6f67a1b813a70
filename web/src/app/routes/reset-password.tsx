import { useDocumentTitle } from '../../hooks/use-document-title';
import { ResetPasswordCard } from '../../features/account/components/reset-password-card';

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  return <ResetPasswordCard />;
}
