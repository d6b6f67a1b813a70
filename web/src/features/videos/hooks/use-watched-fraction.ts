import { useWatchPosition } from '../api/get-watch-positions';
import { useVideoCardSettings } from '../components/video-card-menu';
import { watchedFraction } from '../utils/watched-fraction';

/** The share of a video the signed-in viewer has watched, for the red bar on its thumbnail. */
export function useWatchedFraction(video: { _id: string; duration: number }): number {
  const { signedIn } = useVideoCardSettings();
  return watchedFraction(useWatchPosition(video._id, signedIn), video.duration);
}
