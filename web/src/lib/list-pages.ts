/**
 * Endless lists: where each list's next page starts. A list answer's `nextCursor` is followed
 * whenever the server gives one (the page then starts after the last row shown, so videos
 * added meanwhile are neither repeated nor skipped); an order no cursor follows (by views,
 * likes or comments) goes on by page number until its last page.
 */
export type ListPageParam = { page: number; cursor?: string };

export const FIRST_PAGE: ListPageParam = { page: 1 };

type ListAnswer = { nextCursor: string | null; currentPage?: number; totalPages?: number };

/** The next page's parameter, or undefined at the end of the list. */
export function nextPageParam(
  last: ListAnswer,
  previous: ListPageParam,
  byCursor: boolean,
): ListPageParam | undefined {
  if (last.nextCursor) return { page: previous.page + 1, cursor: last.nextCursor };
  if (byCursor || last.totalPages === undefined) return undefined;
  return previous.page < last.totalPages ? { page: previous.page + 1 } : undefined;
}

/** Sets a page's parameters on a list request's query string. */
export function withPageParam(search: URLSearchParams, param: ListPageParam): URLSearchParams {
  search.set('page', String(param.page));
  if (param.cursor) search.set('cursor', param.cursor);
  else search.delete('cursor');
  return search;
}

/**
 * Every page's items in order, each once: pages read by position can overlap when rows move
 * between two reads (a video gaining views), and a card must not show twice.
 */
export function itemsOfPages<T extends { _id: string }>(
  pages: readonly { data: readonly T[] }[] | undefined,
): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.data) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  return items;
}
