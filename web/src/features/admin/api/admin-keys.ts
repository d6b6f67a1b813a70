/** Cache keys of the console; every action invalidates `adminKeys.all`, as most move several lists. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  users: (query: string) => [...adminKeys.all, 'users', query] as const,
  videos: (query: string) => [...adminKeys.all, 'videos', query] as const,
  reports: (query: string) => [...adminKeys.all, 'reports', query] as const,
  audit: (query: string) => [...adminKeys.all, 'audit', query] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
};

/** An admin list page as the API answers it. */
export type AdminPage<T> = {
  data: T[];
  total: number;
  totalPages: number;
  currentPage: number;
};
