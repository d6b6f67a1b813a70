import { useAuth } from '../../auth';
import { useWatchPosition } from '../api/get-watch-positions';
import { watchedFraction } from '../utils/watched-fraction';

/** The share of a video the signed-in viewer has watched, for the red bar on its thumbnail. */
export function useWatchedFraction(video: { _id: string; duration: number }): number {
  const { isAuthenticated } = useAuth();
  return watchedFraction(useWatchPosition(video._id, isAuthenticated), video.duration);
}
