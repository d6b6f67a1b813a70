import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AnalyticsView } from '../../../features/studio/components/analytics-view';

export function StudioAnalyticsPage() {
  useDocumentTitle('Channel analytics', 'Vidshare Studio');
  return <AnalyticsView />;
}
