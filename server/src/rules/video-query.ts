import { createHash } from 'node:crypto';
import { VIDEO_SORT_FIELDS, type VideoSortField } from '@contract';
import { badRequest } from '../lib/errors.js';
import type { SortColumn } from '../repositories/video.repository.js';

/** The only columns a client may sort by: the name never reaches SQL unchecked. */
const SORT_COLUMNS: Record<VideoSortField, SortColumn> = {
  title: 'title',
  createdAt: 'created_at',
  views: 'views',
  duration: 'duration',
};

export interface ResolvedSort {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** Newest first by default; a title sort reads naturally A to Z unless told otherwise. */
export function resolveSort(sortBy?: string, sortType?: string): ResolvedSort {
  const field = (sortBy ?? 'createdAt') as VideoSortField;
  if (!VIDEO_SORT_FIELDS.includes(field)) {
    throw badRequest(`sortBy must be one of ${VIDEO_SORT_FIELDS.join(', ')}.`, [
      { field: 'sortBy', message: `sortBy must be one of ${VIDEO_SORT_FIELDS.join(', ')}.` },
    ]);
  }
  if (sortType !== undefined && sortType !== 'asc' && sortType !== 'desc') {
    throw badRequest('sortType must be asc or desc.', [
      { field: 'sortType', message: 'sortType must be asc or desc.' },
    ]);
  }
  return {
    column: SORT_COLUMNS[field],
    direction: sortType ?? (field === 'title' ? 'asc' : 'desc'),
  };
}

export function pageInfo(total: number, page: number, limit: number) {
  return {
    totalVideos: total,
    totalPages: Math.ceil(total / limit),
    currentPage: page,
  };
}

/**
 * Who a view belongs to: the account when signed in, else the client address, hashed so the
 * guard table holds no raw addresses.
 */
export function viewerKey(userId: string | undefined, ip: string): string {
  if (userId) return `u:${userId}`;
  return `ip:${createHash('sha256').update(ip).digest('hex').slice(0, 40)}`;
}
