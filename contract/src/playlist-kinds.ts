// No zod here: the web app's shell (the sidebar, every card's menu) reads these on every page.

/** A playlist the owner made, or the built-in private Watch later list (one per user). */
export const PLAYLIST_KINDS = ['playlist', 'watch_later'] as const;
export type PlaylistKind = (typeof PLAYLIST_KINDS)[number];

/** The id every user's Watch later answers to, in paths and in answers. */
export const WATCH_LATER_ID = 'watch-later';
