import { LoaderCircle, RefreshCw } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { buttonStyles } from './button-styles';

/** How far below the screen the end of a list may be when its next page is asked for. */
const AHEAD = '0px 0px 1200px 0px';

/** What an endless list needs of TanStack Query's infinite query. */
export type ListPaging = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

type LoadMoreProps = {
  paging: ListPaging;
  /** The list element: after "Show more", focus moves to its first new item. */
  listRef: RefObject<HTMLElement | null>;
  /**
   * Which elements under the list are its items, when they are not its children (a list
   * grouped under headings): a selector, e.g. `li`.
   */
  itemSelector?: string;
  /** How many items the list shows now. */
  count: number;
  /** The button's words, e.g. "Show more videos". */
  label: string;
};

/** The first thing of an item that takes focus: its named link or a button. */
function focusTarget(item: Element | undefined): HTMLElement | null {
  return (
    item?.querySelector<HTMLElement>('a[href]:not([tabindex="-1"]), button:not([tabindex="-1"])') ??
    null
  );
}

/**
 * The end of an endless list: the next page loads by itself as the end comes near (an
 * IntersectionObserver on a marker well below the screen), and a "Show more" button does the
 * same for keyboards and assistive technology; after it, focus moves to the first new item,
 * so the next Tab continues through what just arrived.
 */
export function LoadMore({ paging, listRef, count, label, itemSelector }: LoadMoreProps) {
  const markerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const focusFrom = useRef<number | null>(null);
  const countRef = useRef(count);
  useEffect(() => {
    countRef.current = count;
  }, [count]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = paging;

  // Observed afresh after every page: a marker still in reach asks for the next one at once.
  useEffect(() => {
    const marker = markerRef.current;
    if (!marker || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        // Reached with Tab, the button scrolled the marker into reach: the keyboard user
        // continues with the new items, as if they had pressed it.
        if (document.activeElement === buttonRef.current) focusFrom.current = countRef.current;
        void fetchNextPage();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, count]);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    const list = listRef.current;
    const items = itemSelector ? list?.querySelectorAll(itemSelector) : list?.children;
    focusTarget(items?.[from])?.focus();
  }, [count, listRef, itemSelector]);

  if (!hasNextPage) return null;
  return (
    <div className="mt-8 flex flex-col items-center gap-3" data-testid="load-more">
      <div ref={markerRef} aria-hidden className="h-px w-full" />
      {isFetchNextPageError ? (
        <p role="alert" className="text-sm text-ink">
          More could not be loaded.
        </p>
      ) : null}
      {/* Kept while loading (not swapped for a spinner), so focus stays on it. */}
      <button
        ref={buttonRef}
        type="button"
        className={buttonStyles.secondary}
        aria-disabled={isFetchingNextPage || undefined}
        onClick={() => {
          if (isFetchingNextPage) return;
          focusFrom.current = count;
          void fetchNextPage();
        }}
      >
        {isFetchingNextPage ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
        ) : isFetchNextPageError ? (
          <RefreshCw className="size-4" aria-hidden />
        ) : null}
        {isFetchingNextPage ? 'Loading more…' : isFetchNextPageError ? 'Try again' : label}
      </button>
    </div>
  );
}
