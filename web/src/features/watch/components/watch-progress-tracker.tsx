import type { MediaWatcherProps } from '../../player';
import { useWatchProgress } from '../hooks/use-watch-progress';

/** Resume and progress reports for the player's video element; renders nothing. */
export function WatchProgressTracker({ media, videoId }: MediaWatcherProps) {
  useWatchProgress(media, videoId);
  return null;
}

/** The same without resuming: the link said where to start (`?t=`). */
export function WatchProgressFromLink({ media, videoId }: MediaWatcherProps) {
  useWatchProgress(media, videoId, false);
  return null;
}
