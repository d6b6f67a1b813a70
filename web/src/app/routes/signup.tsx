import { useDocumentTitle } from '../../hooks/use-document-title';
import { SignupCard } from '../../features/auth/components/signup-card';

export function SignupPage() {
  useDocumentTitle('Sign up');
  return <SignupCard />;
}
