import { describe, expect, it } from 'vitest';
import type { EmojiCatalog, EmojiEntry } from './emoji-catalog';
import { SEARCH_RESULTS_MAX, searchEmojis } from './search-emoji';

function catalogOf(emojis: EmojiEntry[]): EmojiCatalog {
  return {
    categories: [{ id: 'all', label: 'All', emojis }],
    byId: new Map(emojis.map((emoji) => [emoji.id, emoji])),
  };
}

const entry = (id: string, name: string, keywords: string[] = []): EmojiEntry => ({
  id,
  name,
  keywords,
  skins: [id],
});

const catalog = catalogOf([
  entry('smiley_cat', 'Grinning Cat', ['animal', 'smile']),
  entry('cat', 'Cat Face', ['animal', 'pet']),
  entry('grinning', 'Grinning Face', ['smile', 'happy']),
  entry('dog', 'Dog Face', ['animal', 'pet']),
]);

describe('searchEmojis', () => {
  it('finds nothing for an empty query', () => {
    expect(searchEmojis(catalog, '   ')).toEqual([]);
  });

  it('matches names, ids and keywords case-insensitively', () => {
    expect(searchEmojis(catalog, 'HAPPY').map((e) => e.id)).toEqual(['grinning']);
    expect(searchEmojis(catalog, 'pet').map((e) => e.id)).toEqual(['cat', 'dog']);
  });

  it('needs every word to match', () => {
    expect(searchEmojis(catalog, 'grinning cat').map((e) => e.id)).toEqual(['smiley_cat']);
  });

  it('ranks names starting with the query first', () => {
    expect(searchEmojis(catalog, 'cat').map((e) => e.id)).toEqual(['cat', 'smiley_cat']);
  });

  it('caps the results at 90', () => {
    const many = catalogOf(Array.from({ length: 200 }, (_, i) => entry(`star${i}`, `Star ${i}`)));
    expect(SEARCH_RESULTS_MAX).toBe(90);
    expect(searchEmojis(many, 'star')).toHaveLength(90);
    expect(searchEmojis(many, 'star', 5)).toHaveLength(5);
  });
});
