import { useEffect, useRef } from 'react';
import { useIncreaseViews } from '../../videos';

/**
 * Registers one view per page view: when the video has loaded, and again only if the viewer
 * moves on to another video. The ref survives StrictMode's double effect run.
 */
export function useCountView(videoId: string, loaded: boolean): void {
  const { mutate } = useIncreaseViews();
  const counted = useRef<string | null>(null);

  useEffect(() => {
    if (!loaded || counted.current === videoId) return;
    counted.current = videoId;
    mutate(videoId);
  }, [videoId, loaded, mutate]);
}
