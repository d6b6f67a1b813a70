import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  ariaSort,
  nextSort,
  pageFromSearch,
  sortFromSearch,
  studioVideosSearch,
} from './sort-params';

describe('nextSort', () => {
  it('flips the direction of the current column', () => {
    expect(nextSort(DEFAULT_SORT, 'createdAt')).toEqual({ sortBy: 'createdAt', sortType: 'asc' });
    expect(nextSort({ sortBy: 'title', sortType: 'asc' }, 'title')).toEqual({
      sortBy: 'title',
      sortType: 'desc',
    });
  });
  it('starts titles A to Z and numbers biggest first', () => {
    expect(nextSort(DEFAULT_SORT, 'title')).toEqual({ sortBy: 'title', sortType: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'views')).toEqual({ sortBy: 'views', sortType: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'likes')).toEqual({ sortBy: 'likes', sortType: 'desc' });
  });
});

describe('sortFromSearch and pageFromSearch', () => {
  it('reads known fields and falls back to newest first', () => {
    expect(sortFromSearch(new URLSearchParams('sortBy=views&sortType=asc'))).toEqual({
      sortBy: 'views',
      sortType: 'asc',
    });
    expect(sortFromSearch(new URLSearchParams('sortBy=title'))).toEqual({
      sortBy: 'title',
      sortType: 'asc',
    });
    expect(sortFromSearch(new URLSearchParams('sortBy=duration'))).toEqual(DEFAULT_SORT);
    expect(sortFromSearch(new URLSearchParams(''))).toEqual(DEFAULT_SORT);
  });
  it('accepts only positive whole pages', () => {
    expect(pageFromSearch(new URLSearchParams('page=3'))).toBe(3);
    expect(pageFromSearch(new URLSearchParams('page=0'))).toBe(1);
    expect(pageFromSearch(new URLSearchParams('page=1.5'))).toBe(1);
    expect(pageFromSearch(new URLSearchParams('page=x'))).toBe(1);
    expect(pageFromSearch(new URLSearchParams(''))).toBe(1);
  });
});

describe('studioVideosSearch', () => {
  it('builds the endpoint query', () => {
    expect(studioVideosSearch(2, 20, { sortBy: 'comments', sortType: 'desc' })).toBe(
      'page=2&limit=20&sortBy=comments&sortType=desc',
    );
  });
});

describe('ariaSort', () => {
  it('names the sorted column only', () => {
    expect(ariaSort(DEFAULT_SORT, 'createdAt')).toBe('descending');
    expect(ariaSort({ sortBy: 'title', sortType: 'asc' }, 'title')).toBe('ascending');
    expect(ariaSort(DEFAULT_SORT, 'views')).toBe('none');
  });
});
