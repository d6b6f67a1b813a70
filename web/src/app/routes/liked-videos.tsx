import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAuth } from '../../features/auth/hooks/auth-context';
import { LikedVideosView } from '../../features/liked/components/liked-videos-view';

export function LikedVideosPage() {
  const { authUser } = useAuth();
  useDocumentTitle('Liked videos');

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <LikedVideosView ownerName={authUser?.fullName || authUser?.username || ''} />
    </div>
  );
}
