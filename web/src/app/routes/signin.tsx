import { useDocumentTitle } from '../../hooks/use-document-title';
import { SigninCard } from '../../features/auth/components/signin-card';

export function SigninPage() {
  useDocumentTitle('Sign in');
  return <SigninCard />;
}
