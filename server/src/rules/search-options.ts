import type { DurationFilter, SearchSortField, UploadDateFilter } from '@contract';
import type { SearchFilters, SearchOrder } from '../repositories/search.repository.js';

export type { SearchFilters, SearchOrder };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const UPLOAD_WINDOWS_MS: Record<UploadDateFilter, number> = {
  today: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
};

/** Seconds, lower bound inclusive and upper bound exclusive (YouTube's short, medium, long). */
const DURATION_RANGES: Record<DurationFilter, { min?: number; max?: number }> = {
  short: { max: 4 * 60 },
  medium: { min: 4 * 60, max: 20 * 60 },
  long: { min: 20 * 60 },
};

/**
 * The filters a search asks for, at `now`. The upload-date window starts on a whole minute, so
 * the same search within a minute names the same matches and its count can be reused (see
 * SearchCounts); a window therefore reaches up to a minute further back than its length.
 */
export function searchFilters(
  query: { uploadDate?: UploadDateFilter; duration?: DurationFilter },
  now: number,
): SearchFilters {
  const filters: SearchFilters = {};
  if (query.uploadDate) {
    const since = now - UPLOAD_WINDOWS_MS[query.uploadDate];
    filters.since = Math.floor(since / MINUTE_MS) * MINUTE_MS;
  }
  if (query.duration) {
    const range = DURATION_RANGES[query.duration];
    if (range.min !== undefined) filters.minDuration = range.min;
    if (range.max !== undefined) filters.maxDuration = range.max;
  }
  return filters;
}

/** True when no filter applies. */
export function unfiltered(filters: SearchFilters): boolean {
  return (
    filters.since === undefined &&
    filters.minDuration === undefined &&
    filters.maxDuration === undefined
  );
}

/** A key naming exactly these filters, for caches of counts. */
export function filtersKey(filters: SearchFilters): string {
  return `${filters.since ?? ''}/${filters.minDuration ?? ''}/${filters.maxDuration ?? ''}`;
}

/** Newest first unless told; a column sort runs descending unless `sortType=asc`. */
export function searchOrder(sortBy?: SearchSortField, sortType?: 'asc' | 'desc'): SearchOrder {
  if (sortBy === 'relevance') return { by: 'relevance' };
  return { by: sortBy ?? 'createdAt', direction: sortType ?? 'desc' };
}
