import { ChartColumn, Clapperboard, MessageSquareText } from 'lucide-react';
import { PageHeading } from '../../../components/ui/page-heading';
import { StudioPanel } from './studio-panel';

export function StudioDashboardPage() {
  return (
    <>
      <PageHeading>Channel dashboard</PageHeading>
      <div className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <StudioPanel title="Latest video performance" icon={Clapperboard}>
          <p>Figures for your most recent upload will be shown here.</p>
        </StudioPanel>
        <StudioPanel title="Channel analytics" icon={ChartColumn}>
          <p>Subscriber and view totals will be shown here.</p>
        </StudioPanel>
        <StudioPanel title="Latest comments" icon={MessageSquareText}>
          <p>Recent comments on your videos will be shown here.</p>
        </StudioPanel>
      </div>
    </>
  );
}
