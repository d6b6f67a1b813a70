import { lazy, type ComponentType } from 'react';

/** Chunks whose load failed, each able to start its import afresh. */
const failed = new Set<() => void>();

/**
 * React.lazy keeps a failed import failed for good; a code chunk that did not arrive (the
 * server was away, the network dropped) is worth asking for again. A component made here,
 * once its load failed, loads again on the next render after `retryFailedChunks()`.
 */
export function retryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const make = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        failed.add(reset);
        throw error;
      }
    });
  let Lazy = make();
  const reset = () => {
    Lazy = make();
  };
  function Retryable(props: P) {
    return <Lazy {...props} />;
  }
  return Retryable;
}

/** Lets every chunk that failed to load try again; answers how many will. */
export function retryFailedChunks(): number {
  const count = failed.size;
  for (const reset of failed) reset();
  failed.clear();
  return count;
}

/**
 * Whether an error is a code chunk that did not load (rather than a page that broke): the
 * messages browsers and Vite's preloader give for it.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Failed to load module script|Unable to preload CSS/i.test(
    message,
  );
}
