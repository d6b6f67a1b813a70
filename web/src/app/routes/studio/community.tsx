import { MessageSquareText } from 'lucide-react';
import { PageHeading } from '../../../components/ui/page-heading';
import { StudioPanel } from './studio-panel';

export function StudioCommunityPage() {
  return (
    <>
      <PageHeading>Community</PageHeading>
      <div className="mt-6">
        <StudioPanel title="Comments" icon={MessageSquareText}>
          <p>Comments left on your videos will be gathered here.</p>
        </StudioPanel>
      </div>
    </>
  );
}
