/** Every browser route of the product (section 2 route table), in one place. */
export const ROUTES = {
  root: '/',
  home: '/home',
  signin: '/signin',
  signup: '/signup',
  /** Where a Google sign-in lands when its email belongs to an account it is not linked to. */
  googleLink: '/signin/google-link',
  /** Targets of the links sent by mail (`?token=`). */
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  settings: '/settings',
  deleteAccount: '/settings/delete-account',
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  /** The public videos most watched lately (GET /videos/trending). */
  trending: '/feed/trending',
  watch: (id: string) => `/watch/${encodeURIComponent(id)}`,
  /** The player alone, for other sites' iframes. */
  embed: (id: string) => `/embed/${encodeURIComponent(id)}`,
  channel: (username: string) => `/username/${encodeURIComponent(username)}`,
  subscriptionsFeed: '/userSubscriptions',
  channels: '/channels',
  likedVideos: '/likedvideos',
  history: '/feed/history',
  /** A playlist's page; `list` is its id (`watch-later` for Watch later). */
  playlist: (id: string) => `/playlist?list=${encodeURIComponent(id)}`,
  /** A video played inside a playlist, with the playlist beside it. */
  watchInList: (videoId: string, listId: string) =>
    `/watch/${encodeURIComponent(videoId)}?list=${encodeURIComponent(listId)}`,
  comingSoon: '/commingsoon',
  studioUnavailable: '/stdio/notAvailableStdio',
  studio: '/stdio/channel',
  studioDashboard: '/stdio/channel/dashboard',
  studioContent: '/stdio/channel/content',
  studioContentVideo: (id: string) => `/stdio/channel/content/${encodeURIComponent(id)}`,
  studioAnalytics: '/stdio/channel/analytics',
  studioCommunity: '/stdio/channel/community',
  /** The console for staff (admins and moderators); anyone else gets the 404 page. */
  admin: '/admin',
  adminUsers: '/admin/users',
  adminVideos: '/admin/videos',
  adminReports: '/admin/reports',
  adminAudit: '/admin/audit',
  adminSettings: '/admin/settings',
} as const;
