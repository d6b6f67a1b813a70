import type { EmojiMartData } from '@emoji-mart/data';

/** One emoji as the picker uses it: `skins` holds the default first, then any tone variants. */
export type EmojiEntry = { id: string; name: string; keywords: string[]; skins: string[] };
export type EmojiCategory = { id: string; label: string; emojis: EmojiEntry[] };
export type EmojiCatalog = { categories: EmojiCategory[]; byId: Map<string, EmojiEntry> };

const CATEGORY_LABELS: Record<string, string> = {
  people: 'Smileys & People',
  nature: 'Animals & Nature',
  foods: 'Food & Drink',
  activity: 'Activity',
  places: 'Travel & Places',
  objects: 'Objects',
  symbols: 'Symbols',
  flags: 'Flags',
};

function categoryLabel(id: string): string {
  return CATEGORY_LABELS[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** Reshapes the bundled data set into what the picker reads, dropping ids it does not define. */
export function buildCatalog(data: EmojiMartData): EmojiCatalog {
  const byId = new Map<string, EmojiEntry>();
  const categories = data.categories.map((category) => {
    const emojis: EmojiEntry[] = [];
    for (const id of category.emojis) {
      const raw = data.emojis[id];
      if (!raw || raw.skins.length === 0) continue;
      const entry = byId.get(id) ?? {
        id,
        name: raw.name,
        keywords: raw.keywords,
        skins: raw.skins.map((skin) => skin.native),
      };
      byId.set(id, entry);
      emojis.push(entry);
    }
    return { id: category.id, label: categoryLabel(category.id), emojis };
  });
  return { categories: categories.filter((category) => category.emojis.length > 0), byId };
}

let pending: Promise<EmojiCatalog> | null = null;

/**
 * The data ships with the app (the CSP allows no third-party hosts) but in its own chunk,
 * fetched the first time a picker opens. A failed load may be retried.
 */
export function loadEmojiCatalog(): Promise<EmojiCatalog> {
  pending ??= import('@emoji-mart/data')
    .then((module) => buildCatalog((module as unknown as { default: EmojiMartData }).default))
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
