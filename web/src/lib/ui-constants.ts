/**
 * Wording and timings of the web app alone (the product description's sections 5, 8 and 9):
 * the API never sends or checks these, so they live here rather than in the contract.
 */
export const UI_MESSAGES = {
  signInToSubscribe: 'Please sign in to subscribe.',
  signInToLike: 'Please sign in to like.',
  signInToDislike: 'Please sign in to dislike.',
  signInToDownload: 'Please sign in to download.',
  signInToComment: 'Please signin to see comments.',
  noComments: 'No comments yet.',
  noVideosYet: 'No videos yet.',
  noSubscribedVideos: 'No Subscribed Videos',
  videoNotFound: 'Video not found',
  videoProcessing: 'This video is being processed',
  pageNotFound: '404 - Page Not Found',
  loginFailed: 'Login failed. Please try again.',
  loginFailedShort: 'Login failed',
  unexpectedError: 'An unexpected error occurred.',
  deleteComment: 'Delete comment',
  copied: 'Copied!',
  copiedShort: 'Copied',
  downloading: 'Downloading video...',
} as const;

/** The home feed's list, where "Skip to videos" leads. */
export const HOME_VIDEOS_ID = 'home-videos';

export const UI_LIMITS = {
  playlistTitleMax: 100,
  playlistDescriptionMax: 5000,
  studioMinWidth: 640,
  homeSkeletonMs: 900,
  skeletonCount: 12,
  hoverPreviewMs: 1000,
  copiedMs: 2000,
  downloadOverlayMinMs: 1000,
  emptySubscriptionsMs: 2000,
  chipScrollPx: 150,
} as const;
