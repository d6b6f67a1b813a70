import { HomeFeed } from '../../features/home/components/home-feed';

export function HomePage() {
  return <HomeFeed />;
}
