import { SignupCard } from '../../features/auth/components/signup-card';

export function SignupPage() {
  return <SignupCard />;
}
