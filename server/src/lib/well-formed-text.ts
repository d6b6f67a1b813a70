/**
 * A lone UTF-16 surrogate (JSON's `"\ud800"` without its pair) is not text: it has no UTF-8
 * spelling, so SQLite and PostgreSQL would store U+FFFD in its place while the answer echoed
 * the original, and the client would see its text change later. It is refused at the door,
 * like NUL, wherever a decoded string arrives.
 */
export const ILL_FORMED_REFUSED =
  'Text must be valid Unicode: it has an unpaired surrogate character.';

/** `String.prototype.isWellFormed` (ES2024, in Node 20 and later); the TypeScript lib predates it. */
const wellFormed = (text: string): boolean =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/**
 * True when every string in `value` (object keys included, at any depth) is well-formed
 * UTF-16. Walked with a stack rather than recursion, so no nesting depth can overflow it or
 * hide a string below a cut-off.
 */
export function isWellFormedDeep(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!wellFormed(item)) return false;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (!wellFormed(key)) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}
