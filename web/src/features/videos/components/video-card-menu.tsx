import type { Video } from '@contract';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** The actions menu beside each card (Save, Watch later), supplied by whoever provides it. */
export type VideoCardMenu = ComponentType<{ video: Video }>;

const VideoCardMenuContext = createContext<VideoCardMenu | null>(null);

/**
 * Cards are drawn by many features, and the menu's actions belong to features that draw cards
 * themselves; the app hands the menu down here so neither has to know the other.
 */
export function VideoCardMenuProvider({
  menu,
  children,
}: {
  menu: VideoCardMenu;
  children: ReactNode;
}) {
  return <VideoCardMenuContext.Provider value={menu}>{children}</VideoCardMenuContext.Provider>;
}

export function useVideoCardMenu(): VideoCardMenu | null {
  return useContext(VideoCardMenuContext);
}
