import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  readSearchOptions,
  searchPathWith,
  toggleOption,
} from './search-options';

describe('search options in the address', () => {
  it('reads known values and drops unknown ones and the default order', () => {
    const params = new URLSearchParams('q=cats&sortBy=views&uploadDate=week&duration=tiny&page=2');
    expect(readSearchOptions(params)).toEqual({ sortBy: 'views', uploadDate: 'week' });
    expect(readSearchOptions(new URLSearchParams('q=cats&sortBy=createdAt'))).toEqual({});
    expect(readSearchOptions(new URLSearchParams('sortBy=password_hash'))).toEqual({});
  });

  it('writes them in a fixed order, encoding the query', () => {
    expect(
      searchPathWith('a&b c', { sortBy: 'relevance', duration: 'long', uploadDate: 'today' }),
    ).toBe('/search?q=a%26b+c&uploadDate=today&duration=long&sortBy=relevance');
    expect(searchPathWith('cats', { sortBy: 'createdAt' })).toBe('/search?q=cats');
  });

  it('toggles a choice on, over another, and off again', () => {
    const week = toggleOption({}, 'uploadDate', 'week');
    expect(week).toEqual({ uploadDate: 'week' });
    expect(toggleOption(week, 'uploadDate', 'month')).toEqual({ uploadDate: 'month' });
    expect(toggleOption(week, 'uploadDate', 'week')).toEqual({});
    expect(activeFilterCount({ ...week, duration: 'short', sortBy: 'views' })).toBe(2);
  });
});
