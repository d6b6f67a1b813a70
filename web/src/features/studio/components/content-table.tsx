import type { StudioSortField, StudioVideo } from '@contract';
import type { Ref } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { ariaSort, type StudioSort } from '../utils/sort-params';
import { ContentRow } from './content-row';

type Column = { label: string; field: StudioSortField | null; numeric?: boolean };

const COLUMNS: readonly Column[] = [
  { label: 'Video', field: 'title' },
  { label: 'Visibility', field: null },
  { label: 'Date', field: 'createdAt' },
  { label: 'Views', field: 'views', numeric: true },
  { label: 'Comments', field: 'comments', numeric: true },
  { label: 'Likes', field: 'likes', numeric: true },
];

type ContentTableProps = {
  videos: readonly StudioVideo[];
  /** The rows' container: "Show more" moves focus to the first new row. */
  bodyRef?: Ref<HTMLTableSectionElement>;
  sort: StudioSort;
  onSort: (field: StudioSortField) => void;
  onDelete: (video: StudioVideo) => void;
};

/** The channel's videos; headers with a field sort on the server (the whole channel, not a page). */
export function ContentTable({ videos, bodyRef, sort, onSort, onDelete }: ContentTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Your videos</caption>
        <thead>
          <tr className="border-b border-line text-xs text-ink">
            {COLUMNS.map((column) => {
              const sorted = column.field ? ariaSort(sort, column.field) : 'none';
              const Arrow = sorted === 'ascending' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={column.label}
                  scope="col"
                  aria-sort={column.field ? sorted : undefined}
                  className={`px-2 py-2 font-medium whitespace-nowrap lg:px-3 ${column.numeric ? 'text-right' : ''} ${column.label === 'Video' ? 'w-1/2 pl-2' : ''}`}
                >
                  {column.field ? (
                    <button
                      type="button"
                      onClick={() => column.field && onSort(column.field)}
                      className="inline-flex items-center gap-1 rounded hover:text-ink-strong"
                    >
                      {column.label}
                      {sorted !== 'none' ? <Arrow className="size-3.5" aria-hidden /> : null}
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {videos.map((video) => (
            <ContentRow key={video._id} video={video} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
