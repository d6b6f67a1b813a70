import { useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { isNotFound } from '../../lib/api-client';
import { useVideo } from '../../features/videos';
import { EmbedView } from '../../features/embed';

/** `/embed/{id}`: the player alone, for other sites' frames (the one page they may frame). */
export function EmbedPage() {
  const { videoId = '' } = useParams();
  const video = useVideo(videoId);
  // Gone (made private, say) wins over the title kept from an earlier read.
  useDocumentTitle(isNotFound(video.error) ? null : (video.data?.title ?? null));
  return <EmbedView videoId={videoId} />;
}
