import { useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useVideo } from '../../features/videos';
import { EmbedView } from '../../features/embed';

/** `/embed/{id}`: the player alone, for other sites' frames (the one page they may frame). */
export function EmbedPage() {
  const { videoId = '' } = useParams();
  const video = useVideo(videoId);
  useDocumentTitle(video.data?.title ?? null);
  return <EmbedView videoId={videoId} />;
}
