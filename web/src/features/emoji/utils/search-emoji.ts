import type { EmojiCatalog, EmojiEntry } from './emoji-catalog';

export const SEARCH_RESULTS_MAX = 90;

function terms(query: string): string[] {
  return query
    .trim()
    .toLocaleLowerCase()
    .split(/[\s_]+/u)
    .filter((term) => term !== '');
}

/** Every term must appear in the emoji's name, id or one of its keywords. */
function matches(emoji: EmojiEntry, words: string[]): boolean {
  const haystack = [emoji.name.toLocaleLowerCase(), emoji.id, ...emoji.keywords];
  return words.every((word) => haystack.some((text) => text.includes(word)));
}

/** Names that start with what was typed come first; otherwise the picker's own order. */
function rank(emoji: EmojiEntry, first: string): number {
  const name = emoji.name.toLocaleLowerCase();
  if (name.startsWith(first) || emoji.id.startsWith(first)) return 0;
  if (name.split(' ').some((word) => word.startsWith(first))) return 1;
  return 2;
}

/** Emojis for a search, at most `max`; an empty query finds nothing. */
export function searchEmojis(
  catalog: EmojiCatalog,
  query: string,
  max: number = SEARCH_RESULTS_MAX,
): EmojiEntry[] {
  const words = terms(query);
  const first = words[0];
  if (first === undefined) return [];
  const found: { emoji: EmojiEntry; score: number; order: number }[] = [];
  let order = 0;
  for (const emoji of catalog.byId.values()) {
    if (matches(emoji, words)) found.push({ emoji, score: rank(emoji, first), order });
    order += 1;
  }
  found.sort((a, b) => a.score - b.score || a.order - b.order);
  return found.slice(0, Math.max(0, max)).map((item) => item.emoji);
}
