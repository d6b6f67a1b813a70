/**
 * Cache keys of playlists. Any change to one refreshes them all (`playlistKeys.all`): the lists
 * and pages are small, and a change shows in several (a count on the channel, the Save menu).
 */
export const playlistKeys = {
  all: ['playlists'] as const,
  detail: (id: string) => [...playlistKeys.all, 'detail', id] as const,
  list: (ownerId: string | undefined) => [...playlistKeys.all, 'list', ownerId ?? 'mine'] as const,
  choices: (videoId: string) => [...playlistKeys.all, 'choices', videoId] as const,
};
