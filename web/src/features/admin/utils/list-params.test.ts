import { describe, expect, it } from 'vitest';
import { apiQuery, choiceOf, pageOf, textOf, withChanges } from './list-params';

const p = (text: string) => new URLSearchParams(text);

describe('admin list parameters', () => {
  it('reads the page, falling back to 1 for anything odd', () => {
    expect(pageOf(p('page=3'))).toBe(3);
    for (const odd of ['', 'page=0', 'page=-2', 'page=1.5', 'page=x']) {
      expect(pageOf(p(odd)), odd).toBe(1);
    }
  });

  it('reads a filter only when it is one of its values', () => {
    const states = ['all', 'pending', 'suspended'] as const;
    expect(choiceOf(p('state=pending'), 'state', states, 'all')).toBe('pending');
    expect(choiceOf(p('state=frozen'), 'state', states, 'all')).toBe('all');
    expect(choiceOf(p(''), 'state', states, 'all')).toBe('all');
  });

  it('trims and bounds the search text', () => {
    expect(textOf(p('query=%20alice%20'), 'query')).toBe('alice');
    expect(textOf(p(`query=${'a'.repeat(150)}`), 'query')).toHaveLength(100);
  });

  it('goes back to page 1 when a filter changes, and drops empty values', () => {
    expect(withChanges(p('page=4&query=bob'), { query: 'ann' }).toString()).toBe('query=ann');
    expect(withChanges(p('page=4&query=bob'), { query: '' }).toString()).toBe('');
    expect(withChanges(p('query=bob'), { page: 2 }).toString()).toBe('query=bob&page=2');
  });

  it('builds the API query from what is set', () => {
    expect(apiQuery({ page: 1, query: '', state: undefined, limit: 25 })).toBe('page=1&limit=25');
  });
});
