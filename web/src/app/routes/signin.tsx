import { SigninCard } from '../../features/auth/components/signin-card';

export function SigninPage() {
  return <SigninCard />;
}
