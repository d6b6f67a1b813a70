import type { EmojiMartData } from '@emoji-mart/data';
import { describe, expect, it } from 'vitest';
import { buildCatalog, loadEmojiCatalog } from './emoji-catalog';
import { searchEmojis } from './search-emoji';

const sampleData: EmojiMartData = {
  categories: [
    { id: 'people', emojis: ['grinning', 'wave', 'missing'] },
    { id: 'nature', emojis: ['dog'] },
    { id: 'custom', emojis: [] },
  ],
  emojis: {
    grinning: {
      id: 'grinning',
      name: 'Grinning Face',
      keywords: ['smile', 'happy'],
      skins: [{ unified: '1f600', native: '😀' }],
      version: 1,
    },
    wave: {
      id: 'wave',
      name: 'Waving Hand',
      keywords: ['hello', 'bye'],
      skins: ['👋', '👋🏻', '👋🏼', '👋🏽', '👋🏾', '👋🏿'].map((native) => ({ unified: '', native })),
      version: 1,
    },
    dog: {
      id: 'dog',
      name: 'Dog Face',
      keywords: ['animal', 'pet'],
      skins: [{ unified: '1f436', native: '🐶' }],
      version: 1,
    },
  },
  aliases: {},
  sheet: { cols: 1, rows: 1 },
};

describe('buildCatalog', () => {
  const catalog = buildCatalog(sampleData);

  it('keeps category order with readable labels and skips unknown ids and empty categories', () => {
    expect(catalog.categories.map((c) => [c.label, c.emojis.map((e) => e.id)])).toEqual([
      ['Smileys & People', ['grinning', 'wave']],
      ['Animals & Nature', ['dog']],
    ]);
  });

  it('indexes emojis by id with their native skins', () => {
    expect(catalog.byId.get('wave')?.skins).toHaveLength(6);
    expect(catalog.byId.get('grinning')).toEqual({
      id: 'grinning',
      name: 'Grinning Face',
      keywords: ['smile', 'happy'],
      skins: ['😀'],
    });
  });
});

describe('loadEmojiCatalog', () => {
  it('loads the bundled data set once', async () => {
    const catalog = await loadEmojiCatalog();
    expect(await loadEmojiCatalog()).toBe(catalog);
    expect(catalog.categories.map((c) => c.label)).toContain('Smileys & People');
    expect(catalog.byId.size).toBeGreaterThan(1000);
    for (const emoji of catalog.byId.values()) {
      expect([1, 6]).toContain(emoji.skins.length);
    }
    expect(searchEmojis(catalog, 'thumbs up')[0]?.skins[0]).toBe('\u{1F44D}');
  });
});
