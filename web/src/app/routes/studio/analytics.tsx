import { ChartColumn } from 'lucide-react';
import { PageHeading } from '../../../components/ui/page-heading';
import { StudioPanel } from './studio-panel';

export function StudioAnalyticsPage() {
  return (
    <>
      <PageHeading>Channel analytics</PageHeading>
      <div className="mt-6">
        <StudioPanel title="Overview" icon={ChartColumn}>
          <p>Views, watch time and subscriber trends will be charted here.</p>
        </StudioPanel>
      </div>
    </>
  );
}
