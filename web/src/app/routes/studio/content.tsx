import { SquarePlay } from 'lucide-react';
import { PageHeading } from '../../../components/ui/page-heading';
import { StudioPanel } from './studio-panel';

export function StudioContentPage() {
  return (
    <>
      <PageHeading>Channel content</PageHeading>
      <div className="mt-6">
        <StudioPanel title="Videos" icon={SquarePlay}>
          <p>Your uploads, with their visibility, date and views, will be listed here.</p>
        </StudioPanel>
      </div>
    </>
  );
}
