import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ROUTES } from '@contract';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { PageHeading } from '../../../components/ui/page-heading';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../features/auth/hooks/auth-context';
import { BlockedBanner } from '../../../features/studio/components/blocked-banner';
import { EditVideoForm } from '../../../features/studio/components/edit-video-form';
import { CaptionManager } from '../../../features/studio/components/caption-manager';
import { useVideo } from '../../../features/videos/api/get-video';
import { errorMessage, isNotFound } from '../../../lib/api-client';
import { StudioNotFoundPage } from './studio-not-found';
import { UI_MESSAGES } from '../../../lib/ui-constants';

/** Details of one of the caller's videos; anyone else's id (or an unknown one) is not found. */
export function StudioContentVideoPage() {
  const { videoId = '' } = useParams();
  const { authUser } = useAuth();
  const query = useVideo(videoId);

  const notFound =
    (query.isSuccess && query.data.owner._id !== authUser?._id) || isNotFound(query.error);
  const owned = !notFound && query.data !== undefined;
  useDocumentTitle(
    owned
      ? `Video details: ${query.data.title}`
      : notFound
        ? UI_MESSAGES.pageNotFound
        : 'Video details',
    'Vidshare Studio',
  );

  if (query.isPending) return <PageSpinner />;
  if (notFound) return <StudioNotFoundPage />;
  if (query.isLoadingError) {
    return <FormError message={errorMessage(query.error, 'The video could not be loaded.')} />;
  }
  if (!authUser || query.data.owner._id !== authUser._id) return <StudioNotFoundPage />;

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
      {query.data.blockedReason ? (
        <div className="mt-4">
          <BlockedBanner reason={query.data.blockedReason} />
        </div>
      ) : null}
      <div className="mt-6">
        {/* Keyed so another video starts from its own values rather than the last one's edits. */}
        <EditVideoForm key={query.data._id} video={query.data} />
      </div>
      <CaptionManager videoId={query.data._id} />
    </>
  );
}
