import type { Video } from '@contract';
import type { QueueItem } from '../../../lib/playlist-queue';
import { chooseUpNext } from '../utils/up-next';
import { usePlaylistQueue } from './use-playlist-queue';

/** What plays when this video ends (see `chooseUpNext`); null when nothing does. */
export function useUpNext(currentId: string, suggestions: readonly Video[]): QueueItem | null {
  return chooseUpNext(usePlaylistQueue(currentId), suggestions);
}
