import { useEffect, type RefObject } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePlaylistNext } from '../../playlists';

/**
 * Played from a playlist (`?list=`), the end of the video opens the next one in the playlist's
 * play order (shuffle and loop included, as the panel's Next button); at the playlist's end,
 * nothing happens.
 */
export function usePlaylistAutoplay(media: RefObject<HTMLVideoElement | null>, videoId: string) {
  const [params] = useSearchParams();
  const listId = params.get('list') ?? '';
  const next = usePlaylistNext(listId, videoId, listId !== '');
  const navigate = useNavigate();
  const href = next?.href;

  useEffect(() => {
    const video = media.current;
    if (!video || !href) return;
    const onEnded = () => void navigate(href);
    video.addEventListener('ended', onEnded);
    return () => video.removeEventListener('ended', onEnded);
  }, [media, href, navigate]);
}
