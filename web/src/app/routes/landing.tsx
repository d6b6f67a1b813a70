import { useDocumentTitle } from '../../hooks/use-document-title';
import { retryableLazy } from '../../lib/retryable-lazy';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/hooks/auth-context';

const HomePage = retryableLazy(async () => (await import('./home')).HomePage);
const SignInPrompt = retryableLazy(
  async () => (await import('../../features/home/components/sign-in-prompt')).SignInPrompt,
);

/** The front page: the feed for signed-in users, an invitation to sign in for visitors. */
export function LandingPage() {
  const { isAuthChecked, isAuthenticated } = useAuth();
  useDocumentTitle(null);
  if (!isAuthChecked) return <PageSpinner />;
  return isAuthenticated ? <HomePage /> : <SignInPrompt />;
}
