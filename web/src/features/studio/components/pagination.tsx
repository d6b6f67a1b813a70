import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonStyles } from '../../../components/ui/button-styles';

type PaginationProps = {
  page: number;
  totalPages: number;
  totalItems: number;
  /** What is counted, singular and plural; videos unless said. */
  noun?: [string, string];
  onPage: (page: number) => void;
};

/** Previous / next with where we are; the server pages, so only one page is ever loaded. */
export function Pagination({
  page,
  totalPages,
  totalItems,
  noun = ['video', 'videos'],
  onPage,
}: PaginationProps) {
  const last = Math.max(1, totalPages);
  return (
    <nav aria-label="Pages" className="flex items-center justify-end gap-3 text-sm text-ink">
      <span>
        Page {Math.min(page, last)} of {last} · {totalItems.toLocaleString('en-US')}{' '}
        {totalItems === 1 ? noun[0] : noun[1]}
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
