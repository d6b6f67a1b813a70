import { useDocumentTitle } from '../../hooks/use-document-title';
import { ForgotPasswordCard } from '../../features/account/components/forgot-password-card';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return <ForgotPasswordCard />;
}
