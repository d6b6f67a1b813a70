import { useDocumentTitle } from '../../../hooks/use-document-title';
import { VideosView } from '../../../features/admin';

export function AdminVideosPage() {
  useDocumentTitle('Videos', 'Vidshare Admin');
  return <VideosView />;
}
