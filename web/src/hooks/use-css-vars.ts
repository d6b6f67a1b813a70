import { useLayoutEffect, type RefObject } from 'react';

/**
 * Sets CSS custom properties on an element through the CSSOM. The CSP allows no style
 * attributes written as strings, so dynamic sizes and positions reach CSS this way; classes
 * read them with `var()` (Tailwind: `w-(--played)`).
 */
export function useCssVars(
  ref: RefObject<HTMLElement | null>,
  vars: Record<`--${string}`, string | number>,
): void {
  const entries = Object.entries(vars);
  const signature = entries.map(([k, v]) => `${k}:${v}`).join(';');
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    for (const [name, value] of entries) element.style.setProperty(name, String(value));
    // The signature stands for the entries' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, signature]);
}
