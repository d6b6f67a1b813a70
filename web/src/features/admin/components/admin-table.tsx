import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';

export const tableClass = 'w-full border-collapse text-left text-sm';
export const headCell =
  'border-b border-line px-3 py-2 text-xs font-medium uppercase text-ink-muted';
export const cell = 'border-b border-line px-3 py-3 align-top text-ink';

/** A table with a caption for screen readers, scrolling sideways on narrow screens. */
export function AdminTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

type PagerProps = {
  page: number;
  totalPages: number;
  total: number;
  noun: [string, string];
  onPage: (page: number) => void;
};

/** Previous / next with where we are; the server pages. */
export function Pager({ page, totalPages, total, noun, onPage }: PagerProps) {
  const last = Math.max(1, totalPages);
  return (
    <nav aria-label="Pages" className="flex items-center justify-end gap-3 text-sm text-ink">
      <span>
        Page {Math.min(page, last)} of {last} · {total.toLocaleString('en-US')}{' '}
        {total === 1 ? noun[0] : noun[1]}
      </span>
      <button
        type="button"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className={buttonStyles.icon}
      >
        <ChevronLeft className="size-5" aria-hidden />
      </button>
      <button
        type="button"
        aria-label="Next page"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
        className={buttonStyles.icon}
      >
        <ChevronRight className="size-5" aria-hidden />
      </button>
    </nav>
  );
}
