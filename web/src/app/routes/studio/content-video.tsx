import { ROUTES } from '@contract';
import { ArrowLeft, SquarePen } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading';
import { StudioPanel } from './studio-panel';

export function StudioContentVideoPage() {
  return (
    <>
      <Link
        to={ROUTES.studioContent}
        className="mb-4 inline-flex items-center gap-2 text-sm font-medium text-ink hover:text-ink-strong"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Channel content
      </Link>
      <PageHeading>Video details</PageHeading>
      <div className="mt-6">
        <StudioPanel title="Details" icon={SquarePen}>
          <p>The title, description, hashtag and visibility of this video will be editable here.</p>
        </StudioPanel>
      </div>
    </>
  );
}
