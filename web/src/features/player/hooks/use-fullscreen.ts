import { useCallback, useEffect, useState, type RefObject } from 'react';

type IosVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/** Full screen for the player's frame, so its own controls stay on top of the picture. */
export function useFullscreen(
  frame: RefObject<HTMLElement | null>,
  video: RefObject<HTMLVideoElement | null>,
) {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () =>
      setFullscreen(
        document.fullscreenElement !== null && document.fullscreenElement === frame.current,
      );
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [frame]);

  /** Returns the state it asked for (the change itself arrives with fullscreenchange). */
  const toggle = useCallback((): boolean => {
    const element = frame.current;
    if (!element) return false;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      return false;
    }
    if (element.requestFullscreen) {
      void element.requestFullscreen().catch((error: unknown) => {
        console.warn('Full screen was refused', error);
      });
      return true;
    }
    // iPhone Safari offers full screen for the video element only.
    const ios = video.current as IosVideo | null;
    ios?.webkitEnterFullscreen?.();
    return true;
  }, [frame, video]);

  return { fullscreen, toggleFullscreen: toggle };
}
