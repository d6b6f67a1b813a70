/**
 * Next highlighted option for an arrow key in a list of `count` options, where -1 means the
 * text box itself. Moving past either end returns to the text box, as native comboboxes do.
 */
export function nextActiveIndex(current: number, key: 'ArrowDown' | 'ArrowUp', count: number) {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return current >= count - 1 ? -1 : current + 1;
  if (current === -1) return count - 1;
  return current - 1;
}
