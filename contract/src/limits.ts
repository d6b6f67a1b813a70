/**
 * Business constants from the product description (section 9) that the server enforces, shared
 * with the web's forms. The web app's own timings are in web/src/lib/ui-constants.ts.
 */
export const MIB = 1024 * 1024;

export const LIMITS = {
  videoMaxBytes: 25 * MIB,
  imageMaxBytes: 25 * MIB,
  /**
   * Decoded pixel ceilings per kind of uploaded image: they stop decompression bombs and bound
   * the memory one decode takes. A 12-megapixel phone photo fits everywhere; an avatar is shown
   * at 320×320, so it needs no more than that.
   */
  avatarMaxPixels: 12_500_000,
  coverMaxPixels: 16_800_000,
  thumbnailMaxPixels: 16_800_000,
  titleMax: 100,
  descriptionMax: 5000,
  hashtagMax: 5000,
  commentMax: 5000,
  commentsPageSize: 20,
  minTrimmed: 4,
  passwordMin: 8,
  passwordMax: 128,
  usernameMin: 3,
  usernameMax: 30,
  fullNameMax: 80,
  emailMax: 254,
  bioMax: 1000,
  feedPageSize: 60,
  pageSizeMax: 100,
  suggestionsMax: 5,
  /** Search counts matches up to this many and pages no deeper, as large sites do. */
  searchResultsMax: 1000,
  /** Trending ranks at most this many videos. */
  trendingMax: 100,
  /**
   * An account without a password (Google sign-in) proves itself for deletion with a sign-in
   * at most this many minutes old.
   */
  freshSignInMinutes: 10,
  /** Playlists (section 9): title and description lengths, and videos per playlist. */
  playlistTitleMax: 100,
  playlistDescriptionMax: 5000,
  playlistVideosMax: 5000,
} as const;

export const VISIBILITIES = ['private', 'unlisted', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
