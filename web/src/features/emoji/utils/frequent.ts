/** How often each emoji was picked, most used first. */
export type FrequentEntry = { id: string; count: number };

export const EMOJIS_PER_ROW = 9;
export const FREQUENT_ROWS = 4;
export const FREQUENT_MAX = EMOJIS_PER_ROW * FREQUENT_ROWS;

/**
 * Counts one more use of `id`. Ties keep the most recent pick first, so a new emoji shows up
 * right away; past `max` entries the least used (and, among those, the oldest) drop off,
 * but never the one just picked.
 */
export function recordEmojiUse(
  list: readonly FrequentEntry[],
  id: string,
  max: number = FREQUENT_MAX,
): FrequentEntry[] {
  const previous = list.find((entry) => entry.id === id);
  const used = { id, count: (previous?.count ?? 0) + 1 };
  const others = list.filter((entry) => entry.id !== id);
  const at = others.findIndex((entry) => entry.count <= used.count);
  const next = at === -1 ? [...others, used] : [...others.slice(0, at), used, ...others.slice(at)];
  const limit = Math.max(0, max);
  // The emoji just picked always stays, even in a list full of more-used ones.
  if (limit > 0 && next.indexOf(used) >= limit) return [...next.slice(0, limit - 1), used];
  return next.slice(0, limit);
}

function isEntry(value: unknown): value is FrequentEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { id, count } = value as Record<string, unknown>;
  return typeof id === 'string' && id !== '' && typeof count === 'number' && count > 0;
}

/** Reads the stored list; storage another version or a person edited is never trusted. */
export function parseFrequent(raw: string | null, max: number = FREQUENT_MAX): FrequentEntry[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const entries = value.filter(isEntry).filter((entry) => {
    if (seen.has(entry.id)) return false;
    seen.add(entry.id);
    return true;
  });
  return entries
    .map((entry) => ({ id: entry.id, count: Math.floor(entry.count) }))
    .sort((a, b) => b.count - a.count)
    .slice(0, max);
}
