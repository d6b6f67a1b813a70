import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ContentView } from '../../../features/studio/components/content-view';

export function StudioContentPage() {
  useDocumentTitle('Channel content', 'Vidshare Studio');
  return <ContentView />;
}
