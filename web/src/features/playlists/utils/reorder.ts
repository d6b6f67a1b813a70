/** The list with the item at `from` moved to `to` (both 0-based; `to` is clamped). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item as T);
  return out;
}

/**
 * Where a keyboard move takes an item: Alt+Arrow up or down one place, Alt+Home and Alt+End
 * to either end. Undefined for any other key, or a move that goes nowhere.
 */
export function keyboardTarget(key: string, index: number, length: number): number | undefined {
  const target =
    key === 'ArrowUp'
      ? index - 1
      : key === 'ArrowDown'
        ? index + 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? length - 1
            : undefined;
  if (target === undefined || target < 0 || target >= length || target === index) return undefined;
  return target;
}
