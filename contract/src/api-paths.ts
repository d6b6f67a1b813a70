/** Paths of /api/v1 as the product description's call table names them. */
export const API_BASE = '/api/v1';

/**
 * Every route of the API, as the server registers it (`:name` is a path parameter, named as
 * the route's params schema names it). `API_PATHS` below builds the web client's URLs from
 * these same templates, so the two agree by construction.
 */
export const API_ROUTES = {
  checkSession: '/users/check-session',
  login: '/users/login',
  register: '/users/register',
  logout: '/users/logout',
  channel: '/users/c/:username',
  publishVideo: '/videos/publishavideo',
  videos: '/videos/getallvideos',
  video: '/videos/vid-id/:id',
  increaseViews: '/videos/increaseviews/:id',
  deleteVideo: '/videos/deletevid/:id',
  searchVideos: '/videos/search',
  videoSuggestions: '/videos/suggestions',
  trendingVideos: '/videos/trending',
  /** oEmbed for a watch or embed URL; answers the specification's JSON at the top level. */
  oembed: '/oembed',
  updateVideo: '/videos/:id',
  downloadVideo: '/videos/:id/download',
  /** A video's caption tracks: GET lists them (who may see the video), POST adds one (owner). */
  videoCaptions: '/videos/:id/captions',
  /** DELETE one caption track (owner). */
  videoCaption: '/videos/:id/captions/:language',
  /** The owner queues a failed video's processing again. */
  retryProcessing: '/videos/:id/processing/retry',
  videoComments: '/comments/getvideocomments/u/:videoId',
  createComment: '/comments/createcomments/u/:videoId',
  replyComment: '/comments/replycomment/u/:commentId',
  editComment: '/comments/editusercomment/u/:commentId',
  deleteComment: '/comments/deletecomment/u/:commentId',
  toggleLike: '/toggle/like-dislike/:objectId/:type',
  likedVideos: '/toggle/getlikedvideos',
  toggleSubscription: '/subscriptions/u/:channelId',
  subscribedChannels: '/subscriptions/c/:userId',
  subscriptionVideos: '/subscriptions/videos',
  studioDashboard: '/studio/dashboard',
  studioVideos: '/studio/videos',
  studioAnalytics: '/studio/analytics',
  videoProgress: '/videos/:id/progress',
  authProviders: '/users/auth-providers',
  /** The caller's private subscriptions feed link: GET its state, POST a new one, DELETE it. */
  feedToken: '/users/feed-token',
  /** Browser navigation, not fetch: answers a redirect to the provider (or to /signin). */
  googleStart: '/users/google/start',
  /** The provider's redirect target (the registered redirect URI). */
  googleLogin: '/users/google/login',
  /** A Google sign-in waiting for proof of the existing account with its email (GET, POST). */
  googleLink: '/users/google/link',
  /** The same sign-in, as a separate new account with another email instead. */
  googleLinkSeparate: '/users/google/link/separate',
  /** The caller's watch history (GET), or all of it removed (DELETE). */
  history: '/users/history',
  /** One video's entry in the caller's history (DELETE). */
  historyEntry: '/users/history/:videoId',
  /** Whether watching records history (GET, PUT). */
  historyPaused: '/users/history/paused',
  /** Where the caller stopped in each of a few videos: the progress bars on cards. */
  watchPositions: '/users/history/positions',
  /** A user's playlists (GET), or a new one (POST). */
  playlists: '/playlists',
  /** One playlist (GET, PATCH, DELETE); `watch-later` is the caller's Watch later. */
  playlist: '/playlists/:id',
  /** The caller's Watch later, a built-in private playlist. */
  watchLater: '/playlists/watch-later',
  /** Adds a video to a playlist (POST). */
  playlistVideos: '/playlists/:id/videos',
  /** Moves (PATCH) or removes (DELETE) one video of a playlist. */
  playlistVideo: '/playlists/:id/videos/:videoId',
  /** The caller's playlists, each saying whether it holds this video: the Save menu. */
  playlistsForVideo: '/playlists/for-video/:videoId',
  /** The caller's notifications, newest first, with the unread count. */
  notifications: '/notifications',
  /** Marks notifications read (all of them without ids). */
  notificationsRead: '/notifications/read',
  /** The unread count alone, with an ETag, for polling. */
  notificationsUnread: '/notifications/unread-count',
  /** Which kinds of notification the caller wants (GET, PATCH). */
  notificationSettings: '/notifications/settings',
  /** What this server offers (mail, verification, Google): public. */
  instance: '/instance',
  /** Confirms an address with the token from the link sent to it. */
  verifyEmail: '/users/verify-email',
  resendVerification: '/users/me/verify-email/resend',
  /** 202 whether or not an account has the address. */
  passwordReset: '/users/password-reset',
  passwordResetConfirm: '/users/password-reset/confirm',
  changePassword: '/users/change-password',
  /** PATCH: full name, bio, pictures. DELETE: the account and everything of it. */
  me: '/users/me',
  changeEmail: '/users/me/email',
  changeUsername: '/users/me/username',
  /** GET: the account's sessions. DELETE: every one but this. */
  sessions: '/users/me/sessions',
  session: '/users/me/sessions/:id',
  /** POST: a new secret to set up. DELETE: turn two-factor sign-in off. */
  totp: '/users/me/totp',
  totpConfirm: '/users/me/totp/confirm',
  exportData: '/users/me/export',
  /** 200 while the process runs. */
  healthLive: '/health/live',
  /** 200 when this process can serve: database, storage, migrations, not shutting down. */
  healthReady: '/health/ready',
  /** A signed-in user reports a video, a comment or a channel. */
  reports: '/reports',
  /** A creator's blocked users (who may not comment on their videos). */
  myBlockedUsers: '/users/me/blocked',
  myBlockedUser: '/users/me/blocked/:userId',
  /** Comments on the caller's videos that wait for their approval. */
  studioHeldComments: '/studio/comments/held',
  studioApproveComment: '/studio/comments/:commentId/approve',
  // Staff only (see STAFF_OPERATIONS): moderators, and admins where marked.
  adminDashboard: '/admin/dashboard',
  adminReports: '/admin/reports',
  adminResolveReport: '/admin/reports/:id/resolve',
  adminDismissReport: '/admin/reports/:id/dismiss',
  adminVideos: '/admin/videos',
  adminBlockVideo: '/admin/videos/:id/block',
  adminUnblockVideo: '/admin/videos/:id/unblock',
  adminUsers: '/admin/users',
  /** PATCH {role, quotaBytes}; DELETE removes the account and everything of it. */
  adminUser: '/admin/users/:id',
  adminSuspendUser: '/admin/users/:id/suspend',
  adminUnsuspendUser: '/admin/users/:id/unsuspend',
  adminApproveUser: '/admin/users/:id/approve',
  /** For someone who lost their authenticator and recovery codes (admins only). */
  adminUserTwoFactorOff: '/admin/users/:id/two-factor-off',
  /** An admin sets an account's password; every session of it ends (admins only). */
  adminUserPassword: '/admin/users/:id/password',
  adminComment: '/admin/comments/:id',
  adminSettings: '/admin/settings',
  adminAudit: '/admin/audit',
  /** tus 1.0 creation (POST) of a resumable upload. */
  uploads: '/uploads',
  /** tus 1.0 HEAD (offset), PATCH (bytes) and DELETE (termination) of one upload; GET as JSON. */
  upload: '/uploads/:uploadId',
  /** What the signed-in user stores, their quotas and the upload size limit. */
  myStorage: '/users/me/storage',
} as const;

type RouteName = keyof typeof API_ROUTES;

/** The parameters of a route template, in order, each a string. */
type ParamsOf<T extends string> = T extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamsOf<`/${Rest}`>]
  : T extends `${string}:${string}`
    ? [string]
    : [];

/** A template without parameters is its own path; one with them is a function of them. */
type PathOf<T extends string> = ParamsOf<T> extends [] ? T : (...params: ParamsOf<T>) => string;

/** Fills a template's parameters, in order, each URL-encoded as one path segment. */
export function fillPath(template: string, params: readonly string[]): string {
  let next = 0;
  return template.replace(/:\w+/g, () => encodeURIComponent(params[next++] ?? ''));
}

function buildPaths(): { [K in RouteName]: PathOf<(typeof API_ROUTES)[K]> } {
  const paths: Record<string, unknown> = {};
  for (const [name, template] of Object.entries(API_ROUTES)) {
    paths[name] = template.includes(':')
      ? (...params: string[]) => fillPath(template, params)
      : template;
  }
  return paths as { [K in RouteName]: PathOf<(typeof API_ROUTES)[K]> };
}

/** The URL (below API_BASE) of each route, with its parameters filled in. */
export const API_PATHS = buildPaths();
