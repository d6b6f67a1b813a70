/** Height the open picker takes, search row, category row and emoji grid (Tailwind units). */
export const PICKER_HEIGHT_PX = 352;
/** Gap between the trigger and the panel (mt-2 / mb-2). */
const GAP_PX = 8;

export type PickerPlacement = 'below' | 'above';

/**
 * Where the picker opens beside its trigger: below when it fits under it in the viewport,
 * otherwise on whichever side has more room, so it never opens off the bottom of the screen.
 */
export function pickerPlacement(
  trigger: { top: number; bottom: number },
  viewportHeight: number,
  panelHeight = PICKER_HEIGHT_PX,
): PickerPlacement {
  const below = viewportHeight - trigger.bottom - GAP_PX;
  const above = trigger.top - GAP_PX;
  if (below >= panelHeight) return 'below';
  return above > below ? 'above' : 'below';
}
