/**
 * An admin list's state lives in the address (page, search, filters), so a reload, a shared
 * link or the back button shows the same list. These read it defensively: anything odd in the
 * address means the default, never an error page.
 */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A filter's value when it is one of `allowed`, else `fallback`. */
export function choiceOf<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = params.get(name);
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function textOf(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? '').trim().slice(0, 100);
}

/**
 * The next address after a change of filters: changed keys set (empty ones removed), and back
 * to page 1 unless the page itself is what changed.
 */
export function withChanges(
  params: URLSearchParams,
  changes: Record<string, string | number | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** The query string for an API list: only what is set. */
export function apiQuery(values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  return query.toString();
}
