import { GoogleLinkCard } from '../../features/auth/components/google-link-card';

export function GoogleLinkPage() {
  return <GoogleLinkCard />;
}
