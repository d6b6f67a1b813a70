import type { Video } from '@contract';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** The actions menu beside each card (Save, Watch later), supplied by whoever provides it. */
export type VideoCardMenu = ComponentType<{ video: Video }>;

interface VideoCardSettings {
  menu: VideoCardMenu | null;
  /** Whether someone is signed in: only then do cards ask where they stopped in each video. */
  signedIn: boolean;
}

const VideoCardContext = createContext<VideoCardSettings>({ menu: null, signedIn: false });

/**
 * Cards are drawn by many features, and what they add for a signed-in viewer (the menu's
 * actions, the red progress bar) belongs to others; the app hands both down here, so the
 * cards need know neither the session nor the playlists.
 */
export function VideoCardProvider({
  menu,
  signedIn,
  children,
}: VideoCardSettings & { children: ReactNode }) {
  return (
    <VideoCardContext.Provider value={{ menu, signedIn }}>{children}</VideoCardContext.Provider>
  );
}

export function useVideoCardSettings(): VideoCardSettings {
  return useContext(VideoCardContext);
}
