import { useDocumentTitle } from '../../hooks/use-document-title';
import { isApiError } from '../../lib/api-client';
import { useVideo } from '../../features/videos/api/get-video';
import { useParams } from 'react-router';
import { WatchView } from '../../features/watch/components/watch-view';

export function WatchPage() {
  const { vidId = '' } = useParams();
  const video = useVideo(vidId);
  const missing = isApiError(video.error) && video.error.status === 404;
  useDocumentTitle(video.data?.title ?? (missing ? 'Video not found' : null));
  return <WatchView videoId={vidId} />;
}
