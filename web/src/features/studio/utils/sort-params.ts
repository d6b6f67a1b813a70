import { STUDIO_SORT_FIELDS } from '@contract';
import type { StudioSortField } from '@contract';

export type SortDirection = 'asc' | 'desc';
export type StudioSort = { sortBy: StudioSortField; sortType: SortDirection };

/** Newest first, as the per-user list in the product description is kept. */
export const DEFAULT_SORT: StudioSort = { sortBy: 'createdAt', sortType: 'desc' };

/** The direction a column starts in when first chosen: A to Z for titles, biggest first else. */
export function defaultDirection(field: StudioSortField): SortDirection {
  return field === 'title' ? 'asc' : 'desc';
}

/** Clicking a column header: the same column flips its direction, another one starts fresh. */
export function nextSort(current: StudioSort, field: StudioSortField): StudioSort {
  if (current.sortBy === field) {
    return { sortBy: field, sortType: current.sortType === 'asc' ? 'desc' : 'asc' };
  }
  return { sortBy: field, sortType: defaultDirection(field) };
}

function isSortField(value: string | null): value is StudioSortField {
  return value !== null && (STUDIO_SORT_FIELDS as readonly string[]).includes(value);
}

/** Reads the sort from the page address; anything unknown falls back to newest first. */
export function sortFromSearch(params: URLSearchParams): StudioSort {
  const field = params.get('sortBy');
  if (!isSortField(field)) return DEFAULT_SORT;
  const type = params.get('sortType');
  return {
    sortBy: field,
    sortType: type === 'asc' || type === 'desc' ? type : defaultDirection(field),
  };
}

/** A positive whole page number from the address, else 1. */
export function pageFromSearch(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The query string the studio list endpoint takes (with the cursor of the page before, if any). */
export function studioVideosSearch(
  page: number,
  limit: number,
  sort: StudioSort,
  cursor?: string,
): string {
  const search = new URLSearchParams({
    page: String(page),
    limit: String(limit),
    sortBy: sort.sortBy,
    sortType: sort.sortType,
  });
  if (cursor) search.set('cursor', cursor);
  return search.toString();
}

/** The aria-sort value of a column header. */
export function ariaSort(
  current: StudioSort,
  field: StudioSortField,
): 'ascending' | 'descending' | 'none' {
  if (current.sortBy !== field) return 'none';
  return current.sortType === 'asc' ? 'ascending' : 'descending';
}
