import { UI_LIMITS } from './ui-constants';

/** Studio needs room for its sidebar and tables; narrower windows get the unavailable page. */
export function isStudioWidthSupported(width: number): boolean {
  return width >= UI_LIMITS.studioMinWidth;
}
