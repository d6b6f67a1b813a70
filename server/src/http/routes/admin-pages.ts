/** The paging fields beside an admin list's rows. */
export function pageFields(
  total: number,
  query: { page: number; limit: number },
): { total: number; totalPages: number; currentPage: number } {
  return { total, totalPages: Math.ceil(total / query.limit), currentPage: query.page };
}
