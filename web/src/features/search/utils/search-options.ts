import {
  DURATION_FILTERS,
  SEARCH_SORT_FIELDS,
  UPLOAD_DATE_FILTERS,
  type DurationFilter,
  type SearchSortField,
  type UploadDateFilter,
} from '@contract';

/** A search's order and filters, as the address bar carries them (`/search?q=…&sortBy=…`). */
export interface SearchOptions {
  sortBy?: SearchSortField;
  uploadDate?: UploadDateFilter;
  duration?: DurationFilter;
}

export type SearchOptionName = keyof SearchOptions;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/** The options in a search page's query; unknown values are left out, never sent on. */
export function readSearchOptions(params: URLSearchParams): SearchOptions {
  const options: SearchOptions = {};
  const sortBy = oneOf(SEARCH_SORT_FIELDS, params.get('sortBy'));
  const uploadDate = oneOf(UPLOAD_DATE_FILTERS, params.get('uploadDate'));
  const duration = oneOf(DURATION_FILTERS, params.get('duration'));
  // Newest first is the default order: it is not written out.
  if (sortBy && sortBy !== 'createdAt') options.sortBy = sortBy;
  if (uploadDate) options.uploadDate = uploadDate;
  if (duration) options.duration = duration;
  return options;
}

/** The search page for `q` with these options, options in a fixed order. */
export function searchPathWith(q: string, options: SearchOptions): string {
  const params = new URLSearchParams({ q });
  if (options.uploadDate) params.set('uploadDate', options.uploadDate);
  if (options.duration) params.set('duration', options.duration);
  if (options.sortBy && options.sortBy !== 'createdAt') params.set('sortBy', options.sortBy);
  return `/search?${params.toString()}`;
}

/** The options with one of them chosen, or cleared when it is chosen again (as YouTube does). */
export function toggleOption<K extends SearchOptionName>(
  options: SearchOptions,
  name: K,
  value: NonNullable<SearchOptions[K]>,
): SearchOptions {
  const next = { ...options };
  if (next[name] === value) delete next[name];
  else next[name] = value;
  return next;
}

/** The labels of the filter panel, in its order. */
export const SEARCH_OPTION_GROUPS: {
  name: SearchOptionName;
  title: string;
  choices: { value: string; label: string }[];
}[] = [
  {
    name: 'uploadDate',
    title: 'Upload date',
    choices: [
      { value: 'today', label: 'Today' },
      { value: 'week', label: 'This week' },
      { value: 'month', label: 'This month' },
      { value: 'year', label: 'This year' },
    ],
  },
  {
    name: 'duration',
    title: 'Duration',
    choices: [
      { value: 'short', label: 'Under 4 minutes' },
      { value: 'medium', label: '4–20 minutes' },
      { value: 'long', label: 'Over 20 minutes' },
    ],
  },
  {
    name: 'sortBy',
    title: 'Sort by',
    choices: [
      { value: 'relevance', label: 'Relevance' },
      { value: 'createdAt', label: 'Upload date' },
      { value: 'views', label: 'View count' },
      { value: 'duration', label: 'Length' },
    ],
  },
];

/** How many filters (not the order) are on: the Filters button shows it. */
export function activeFilterCount(options: SearchOptions): number {
  return (options.uploadDate ? 1 : 0) + (options.duration ? 1 : 0);
}
