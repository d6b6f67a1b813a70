import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { isNotFound } from '../../lib/api-client';
import { PlaylistView, usePlaylist } from '../../features/playlists';

/** /playlist?list={id}: anyone with the link to a public or unlisted one; private to its owner. */
export function PlaylistPage() {
  const [params] = useSearchParams();
  const listId = params.get('list') ?? '';
  const playlist = usePlaylist(listId);
  // Gone (made private, say) wins over the title kept from an earlier read.
  const gone = listId === '' || isNotFound(playlist.error);
  useDocumentTitle(gone ? 'Playlist not found' : (playlist.data?.pages[0]?.title ?? null));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PlaylistView key={listId} listId={listId} />
    </div>
  );
}
