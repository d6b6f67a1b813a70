/** Up to two upper-case initials from a display name: "Ada Lovelace" → "AL", "ada" → "A". */
export function getInitials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/u)
    .filter((word) => word !== '');
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = [first, last].map((word) => (word ? Array.from(word)[0] : undefined));
  return letters.join('').toLocaleUpperCase();
}

/**
 * Stable palette slot for a name, so the same person always gets the same colour
 * without storing anything. FNV-1a keeps neighbouring names apart.
 */
export function avatarColorIndex(name: string, paletteSize: number): number {
  if (paletteSize <= 0) return 0;
  let hash = 0x811c9dc5;
  for (const char of name.trim().toLocaleLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % paletteSize;
}
