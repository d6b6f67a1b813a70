import { useDocumentTitle } from '../../hooks/use-document-title';
import { isNotFound } from '../../lib/api-client';
import { useVideo } from '../../features/videos/api/get-video';
import { isStillProcessing } from '../../features/videos/utils/processing';
import { UI_MESSAGES } from '../../lib/ui-constants';
import { useParams } from 'react-router';
import { WatchView } from '../../features/watch/components/watch-view';

export function WatchPage() {
  const { vidId = '' } = useParams();
  const video = useVideo(vidId);
  const processing = isStillProcessing(video.error);
  const missing = !processing && isNotFound(video.error);
  // Gone wins over the title kept from an earlier read: a video made private while its page
  // is open must not keep its title in the tab.
  useDocumentTitle(
    missing
      ? UI_MESSAGES.videoNotFound
      : (video.data?.title ?? (processing ? UI_MESSAGES.videoProcessing : null)),
  );
  return <WatchView videoId={vidId} />;
}
