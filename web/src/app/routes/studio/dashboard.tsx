import { DashboardView } from '../../../features/studio/components/dashboard-view';

export function StudioDashboardPage() {
  return <DashboardView />;
}
