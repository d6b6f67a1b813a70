import { LIMITS } from '@contract';

/** Studio needs room for its sidebar and tables; narrower windows get the unavailable page. */
export function isStudioWidthSupported(width: number): boolean {
  return width >= LIMITS.studioMinWidth;
}
