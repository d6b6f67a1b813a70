import { useDocumentTitle } from '../../hooks/use-document-title';
import { lazy } from 'react';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/hooks/auth-context';

const HomePage = lazy(() => import('./home').then((module) => ({ default: module.HomePage })));
const SignInPrompt = lazy(() =>
  import('../../features/home/components/sign-in-prompt').then((module) => ({
    default: module.SignInPrompt,
  })),
);

/** The front page: the feed for signed-in users, an invitation to sign in for visitors. */
export function LandingPage() {
  const { isAuthChecked, isAuthenticated } = useAuth();
  useDocumentTitle(null);
  if (!isAuthChecked) return <PageSpinner />;
  return isAuthenticated ? <HomePage /> : <SignInPrompt />;
}
