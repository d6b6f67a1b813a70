/** Wording of the playlists' screens. */
export const SAVE_SIGN_IN = 'Please sign in to save.';
export const SAVED_TO_WATCH_LATER = 'Saved to Watch later';
