import { useDocumentTitle } from '../../hooks/use-document-title';
import { VerifyEmailCard } from '../../features/account/components/verify-email-card';

export function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  return <VerifyEmailCard />;
}
