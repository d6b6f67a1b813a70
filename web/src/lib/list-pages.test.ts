import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, itemsOfPages, nextPageParam, withPageParam } from './list-pages';

describe('nextPageParam', () => {
  it('follows the cursor when the answer gives one', () => {
    expect(
      nextPageParam({ nextCursor: 'abc', currentPage: 1, totalPages: 9 }, FIRST_PAGE, true),
    ).toEqual({ page: 2, cursor: 'abc' });
  });

  it('ends a cursor-paged list when no cursor comes back', () => {
    expect(
      nextPageParam({ nextCursor: null, currentPage: 1, totalPages: 9 }, FIRST_PAGE, true),
    ).toBe(undefined);
    expect(nextPageParam({ nextCursor: null }, FIRST_PAGE, false)).toBeUndefined();
  });

  it('goes on by page number for orders no cursor follows, until the last page', () => {
    expect(nextPageParam({ nextCursor: null, totalPages: 3 }, { page: 2 }, false)).toEqual({
      page: 3,
    });
    expect(nextPageParam({ nextCursor: null, totalPages: 3 }, { page: 3 }, false)).toBeUndefined();
  });
});

describe('withPageParam', () => {
  it('sets the page, and the cursor only when there is one', () => {
    const search = new URLSearchParams({ limit: '60', cursor: 'old' });
    expect(withPageParam(search, { page: 3, cursor: 'xyz' }).toString()).toBe(
      'limit=60&cursor=xyz&page=3',
    );
    expect(withPageParam(search, { page: 1 }).toString()).toBe('limit=60&page=1');
  });
});

describe('itemsOfPages', () => {
  it('lists every page in order, each item once', () => {
    const pages = [{ data: [{ _id: 'a' }, { _id: 'b' }] }, { data: [{ _id: 'b' }, { _id: 'c' }] }];
    expect(itemsOfPages(pages).map((v) => v._id)).toEqual(['a', 'b', 'c']);
    expect(itemsOfPages(undefined)).toEqual([]);
  });
});
