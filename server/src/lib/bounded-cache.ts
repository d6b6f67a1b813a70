interface Slot<V> {
  value: V;
  weight: number;
  /** Read since it last came up for eviction: it gets a second chance. */
  recent: boolean;
}

/**
 * A map bounded by the total weight of its values (rows, characters, or one per entry).
 * Beyond the bound, entries not read since the last eviction pass go first, oldest first (a
 * second-chance queue): a read only sets a flag, so a hit costs one map lookup, where moving
 * the entry to the back would cost two map operations for each of a list's hundred videos.
 */
export class BoundedCache<V> {
  private readonly slots = new Map<string, Slot<V>>();
  private held = 0;

  constructor(private readonly maxWeight: number) {}

  get(key: string): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    slot.recent = true;
    return slot.value;
  }

  /** Keeps `value` under `key`, unless it alone weighs more than the whole bound. */
  set(key: string, value: V, weight = 1): void {
    const previous = this.slots.get(key);
    if (previous) {
      this.slots.delete(key);
      this.held -= previous.weight;
    }
    if (weight > this.maxWeight) return;
    this.slots.set(key, { value, weight, recent: false });
    this.held += weight;
    for (const [oldest, slot] of this.slots) {
      if (this.held <= this.maxWeight) break;
      this.slots.delete(oldest);
      if (slot.recent) {
        slot.recent = false;
        this.slots.set(oldest, slot);
      } else {
        this.held -= slot.weight;
      }
    }
  }
}
