import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { pageInfo, resolveSort, viewerKey } from './video-query.js';

describe('resolveSort', () => {
  it('maps whitelisted fields to columns with a sensible default direction', () => {
    expect(resolveSort()).toEqual({ column: 'created_at', direction: 'desc' });
    expect(resolveSort('title')).toEqual({ column: 'title', direction: 'asc' });
    expect(resolveSort('views', 'asc')).toEqual({ column: 'views', direction: 'asc' });
    expect(resolveSort('duration', 'desc')).toEqual({ column: 'duration', direction: 'desc' });
    expect(resolveSort('createdAt', 'asc')).toEqual({ column: 'created_at', direction: 'asc' });
  });

  it('refuses anything outside the whitelist', () => {
    for (const bad of ['password_hash', 'created_at', 'title; drop table videos', '']) {
      expect(() => resolveSort(bad)).toThrow(AppError);
    }
    expect(() => resolveSort('title', 'sideways')).toThrow(AppError);
  });
});

describe('pageInfo', () => {
  it('counts pages by rounding up', () => {
    expect(pageInfo(0, 1, 60)).toEqual({ totalVideos: 0, totalPages: 0, currentPage: 1 });
    expect(pageInfo(61, 2, 60)).toEqual({ totalVideos: 61, totalPages: 2, currentPage: 2 });
  });
});

describe('viewerKey', () => {
  it('uses the account when signed in and a hash of the address otherwise', () => {
    expect(viewerKey('abc', '1.2.3.4')).toBe('u:abc');
    const key = viewerKey(undefined, '1.2.3.4');
    expect(key).toMatch(/^ip:[0-9a-f]{40}$/);
    expect(key).not.toContain('1.2.3.4');
    expect(viewerKey(undefined, '1.2.3.4')).toBe(key);
    expect(viewerKey(undefined, '1.2.3.5')).not.toBe(key);
  });
});
