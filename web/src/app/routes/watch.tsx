import { useDocumentTitle } from '../../hooks/use-document-title';
import { isApiError } from '../../lib/api-client';
import { useVideo } from '../../features/videos/api/get-video';
import { isStillProcessing } from '../../features/videos/utils/processing';
import { UI_MESSAGES } from '../../lib/ui-constants';
import { useParams } from 'react-router';
import { WatchView } from '../../features/watch/components/watch-view';

export function WatchPage() {
  const { vidId = '' } = useParams();
  const video = useVideo(vidId);
  const processing = isStillProcessing(video.error);
  const missing = !processing && isApiError(video.error) && video.error.status === 404;
  useDocumentTitle(
    video.data?.title ??
      (processing ? UI_MESSAGES.videoProcessing : missing ? UI_MESSAGES.videoNotFound : null),
  );
  return <WatchView videoId={vidId} />;
}
