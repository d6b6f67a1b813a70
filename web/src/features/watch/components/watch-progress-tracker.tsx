import type { MediaWatcherProps } from '../../player';
import { usePlaylistAutoplay } from '../hooks/use-playlist-autoplay';
import { useWatchProgress } from '../hooks/use-watch-progress';

/**
 * Resume and progress reports for the player's video element, and the next video of the
 * playlist it plays from at its end; renders nothing.
 */
export function WatchProgressTracker({ media, videoId }: MediaWatcherProps) {
  useWatchProgress(media, videoId);
  usePlaylistAutoplay(media, videoId);
  return null;
}

/** The same without resuming: the link said where to start (`?t=`). */
export function WatchProgressFromLink({ media, videoId }: MediaWatcherProps) {
  useWatchProgress(media, videoId, false);
  usePlaylistAutoplay(media, videoId);
  return null;
}
