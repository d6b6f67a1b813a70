import { AnalyticsView } from '../../../features/studio/components/analytics-view';

export function StudioAnalyticsPage() {
  return <AnalyticsView />;
}
