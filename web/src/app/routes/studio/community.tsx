import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ROUTES } from '@contract';
import { MessageSquareText } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeading } from '../../../components/ui/page-heading';

/** Community posts do not exist on the site yet; the page says so instead of showing samples. */
export function StudioCommunityPage() {
  useDocumentTitle('Community', 'Vidshare Studio');
  return (
    <>
      <PageHeading>Community</PageHeading>
      <div className="mt-6">
        <EmptyState icon={MessageSquareText} title="No community posts yet">
          <div className="flex flex-col items-center gap-4">
            <p>
              This page will hold the posts you share with your subscribers and the replies they
              leave. Posting is not available yet. Comments on your videos are listed on the
              dashboard.
            </p>
            <Link to={ROUTES.studioDashboard} className={buttonStyles.secondary}>
              Open the dashboard
            </Link>
          </div>
        </EmptyState>
      </div>
    </>
  );
}
