/**
 * Objects a cache hands to many answers unchanged (a kept video card), and the copies made of
 * them with a field or two changed (a card with the view count its list read). A kept object
 * is frozen, its nested objects too, so nothing can change it after it is kept: what is
 * derived from it once (its JSON, in http/card-list-serializer.ts) stays true for as long as
 * the object lives.
 */
const keptOf = new WeakMap<object, object>();

function freezeDeep<T extends object>(value: T): T {
  for (const field of Object.values(value)) {
    if (typeof field === 'object' && field !== null && !Object.isFrozen(field)) freezeDeep(field);
  }
  return Object.freeze(value);
}

/** Marks `value` kept: frozen, whole. */
export function keep<T extends object>(value: T): T {
  freezeDeep(value);
  keptOf.set(value, value);
  return value;
}

/** A copy of a kept object with `changes`, which remembers the kept object it was made from. */
export function keptWith<T extends object>(kept: T, changes: Partial<T>): T {
  const copy = { ...kept, ...changes };
  const base = keptOf.get(kept);
  if (base) keptOf.set(copy, base);
  return copy;
}

/** The kept object `value` is, or was copied from by `keptWith`; undefined for any other. */
export function keptBaseOf(value: object): object | undefined {
  return keptOf.get(value);
}
