import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { cn } from '../../../lib/cn';
import { topicSearchPath } from '../../../lib/search';
import { CATEGORY_CHIPS } from '../categories';
import { UI_LIMITS } from '../../../lib/ui-constants';

type Edges = { atStart: boolean; atEnd: boolean };

export function CategoryChips() {
  const navigate = useNavigate();
  const rowRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    // One pixel of slack absorbs sub-pixel widths on zoomed or high-DPI screens.
    setEdges({
      atStart: row.scrollLeft <= 1,
      atEnd: row.scrollLeft + row.clientWidth >= row.scrollWidth - 1,
    });
  }, []);

  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => observer.disconnect();
  }, [measure]);

  const scrollByStep = (direction: 1 | -1) => {
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    rowRef.current?.scrollBy({
      left: direction * UI_LIMITS.chipScrollPx,
      behavior: reduceMotion ? 'instant' : 'smooth',
    });
  };

  const arrowClass = cn(
    buttonStyles.icon,
    'size-9 bg-page disabled:pointer-events-none disabled:opacity-0',
  );

  return (
    <div className="sticky top-topbar z-20 flex items-center gap-1 bg-page py-3">
      <button
        type="button"
        aria-label="Scroll left"
        disabled={edges.atStart}
        onClick={() => scrollByStep(-1)}
        className={arrowClass}
      >
        <ChevronLeft className="size-5" aria-hidden />
      </button>
      <div
        ref={rowRef}
        onScroll={measure}
        role="group"
        aria-label="Categories"
        className="no-scrollbar flex min-w-0 flex-1 gap-3 overflow-x-auto"
      >
        {CATEGORY_CHIPS.map((chip) => (
          <button
            key={chip}
            type="button"
            onClick={() => void navigate(topicSearchPath(chip))}
            className="h-8 shrink-0 rounded-lg bg-hover px-3 text-sm font-medium whitespace-nowrap text-ink-strong transition-colors hover:bg-active"
          >
            {chip}
          </button>
        ))}
      </div>
      <button
        type="button"
        aria-label="Scroll right"
        disabled={edges.atEnd}
        onClick={() => scrollByStep(1)}
        className={arrowClass}
      >
        <ChevronRight className="size-5" aria-hidden />
      </button>
    </div>
  );
}
