import { useDocumentTitle } from '../../hooks/use-document-title';
import { HomeFeed } from '../../features/home/components/home-feed';

export function HomePage() {
  useDocumentTitle(null);
  return <HomeFeed />;
}
