/** Paths of /api/v1 as the product description's call table names them. */
export const API_BASE = '/api/v1';

export const API_PATHS = {
  checkSession: '/users/check-session',
  login: '/users/login',
  register: '/users/register',
  logout: '/users/logout',
  channel: (username: string) => `/users/c/${encodeURIComponent(username)}`,
  publishVideo: '/videos/publishavideo',
  videos: '/videos/getallvideos',
  video: (id: string) => `/videos/vid-id/${encodeURIComponent(id)}`,
  increaseViews: (id: string) => `/videos/increaseviews/${encodeURIComponent(id)}`,
  deleteVideo: (id: string) => `/videos/deletevid/${encodeURIComponent(id)}`,
  searchVideos: '/videos/search',
  videoSuggestions: '/videos/suggestions',
  updateVideo: (id: string) => `/videos/${encodeURIComponent(id)}`,
  downloadVideo: (id: string) => `/videos/${encodeURIComponent(id)}/download`,
  /** The owner queues a failed video's processing again. */
  retryProcessing: (id: string) => `/videos/${encodeURIComponent(id)}/processing/retry`,
  videoComments: (videoId: string) => `/comments/getvideocomments/u/${encodeURIComponent(videoId)}`,
  createComment: (videoId: string) => `/comments/createcomments/u/${encodeURIComponent(videoId)}`,
  replyComment: (commentId: string) => `/comments/replycomment/u/${encodeURIComponent(commentId)}`,
  editComment: (commentId: string) =>
    `/comments/editusercomment/u/${encodeURIComponent(commentId)}`,
  deleteComment: (commentId: string) =>
    `/comments/deletecomment/u/${encodeURIComponent(commentId)}`,
  toggleLike: (objectId: string, type: 'like' | 'dislike') =>
    `/toggle/like-dislike/${encodeURIComponent(objectId)}/${type}`,
  likedVideos: '/toggle/getlikedvideos',
  toggleSubscription: (channelId: string) => `/subscriptions/u/${encodeURIComponent(channelId)}`,
  subscribedChannels: (userId: string) => `/subscriptions/c/${encodeURIComponent(userId)}`,
  subscriptionVideos: '/subscriptions/videos',
  studioDashboard: '/studio/dashboard',
  studioVideos: '/studio/videos',
  studioAnalytics: '/studio/analytics',
  videoProgress: (id: string) => `/videos/${encodeURIComponent(id)}/progress`,
  authProviders: '/users/auth-providers',
  /** Browser navigation, not fetch: answers a redirect to the provider (or to /signin). */
  googleStart: '/users/google/start',
  /** The provider's redirect target (the registered redirect URI). */
  googleLogin: '/users/google/login',
  /** A Google sign-in waiting for proof of the existing account with its email (GET, POST). */
  googleLink: '/users/google/link',
  /** The same sign-in, as a separate new account with another email instead. */
  googleLinkSeparate: '/users/google/link/separate',
  /** 200 while the process runs. */
  healthLive: '/health/live',
  /** 200 when this process can serve: database, storage, migrations, not shutting down. */
  healthReady: '/health/ready',
} as const;
