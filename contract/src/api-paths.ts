/** Paths of /api/v1 as the product description's call table names them. */
export const API_BASE = '/api/v1';

export const API_PATHS = {
  checkSession: '/users/check-session',
  login: '/users/login',
  register: '/users/register',
  logout: '/users/logout',
  channel: (username: string) => `/users/c/${encodeURIComponent(username)}`,
} as const;
