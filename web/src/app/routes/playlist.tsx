import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { PlaylistView, usePlaylist } from '../../features/playlists';

/** /playlist?list={id}: anyone with the link to a public or unlisted one; private to its owner. */
export function PlaylistPage() {
  const [params] = useSearchParams();
  const listId = params.get('list') ?? '';
  const title = usePlaylist(listId).data?.pages[0]?.title;
  useDocumentTitle(title ?? (listId ? null : 'Playlist not found'));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PlaylistView key={listId} listId={listId} />
    </div>
  );
}
