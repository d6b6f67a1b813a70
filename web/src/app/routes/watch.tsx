import { useParams } from 'react-router';
import { WatchView } from '../../features/watch/components/watch-view';

export function WatchPage() {
  const { vidId = '' } = useParams();
  return <WatchView videoId={vidId} />;
}
