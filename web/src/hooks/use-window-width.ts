import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const readWidth = () => window.innerWidth;

/** Current viewport width, re-rendering on resize. */
export function useWindowWidth(): number {
  return useSyncExternalStore(subscribe, readWidth);
}
