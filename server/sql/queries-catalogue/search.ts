// Search over videos' titles and hashtags, and the search box's suggestions.
import { DAY, NOW, VIDEO } from '../repository-fixtures.js';
import { SearchRepository } from '../../src/repositories/search.repository.js';
import { define } from './define.js';

export const SEARCH_QUERIES = define({
  file: 'search.repository',
  make: (db, dialect) => new SearchRepository(db, dialect),
  calls: {
    // A word long enough for the search index, and a fragment too short for it.
    searchPage: async (r) => {
      const newest = { by: 'createdAt', direction: 'desc' } as const;
      const page = { filters: {}, limit: 20, offset: 0, cap: 1000 };
      await r.searchPage({ q: 'fixture', order: newest, ...page });
      await r.searchPage({ q: 'fi', order: newest, ...page });
      // Filtered, from the index and by a scan.
      const filters = { since: NOW - 7 * DAY, minDuration: 240, maxDuration: 1200 };
      await r.searchPage({ q: 'fixture', order: newest, ...page, filters });
      await r.searchPage({
        q: 'fi',
        order: { by: 'createdAt', direction: 'asc' },
        ...page,
        filters,
      });
      // Ranked orders over the newest matches.
      await r.searchPage({ q: 'fixture', order: { by: 'relevance' }, ...page });
      await r.searchPage({
        q: 'fixture',
        order: { by: 'views', direction: 'desc' },
        ...page,
        filters,
      });
      await r.searchPage({
        q: 'fi',
        order: { by: 'duration', direction: 'asc' },
        ...page,
        filters,
      });
      // After a row already shown (keyset paging), both ways through the index and by a scan.
      await r.searchPage({
        q: 'fixture',
        order: newest,
        ...page,
        limit: 21,
        after: { key: '1900000000000000000', id: VIDEO },
      });
      await r.searchPage({
        q: 'fixture',
        order: { by: 'createdAt', direction: 'asc' },
        ...page,
        limit: 21,
        after: { key: '1', id: VIDEO },
      });
      await r.searchPage({
        q: 'fi',
        order: newest,
        ...page,
        limit: 21,
        after: { key: String(NOW), id: VIDEO },
      });
    },
    searchCount: async (r) => {
      await r.searchCount('fixture', 1000);
      await r.searchCount('fi', 1000);
      await r.searchCount('fixture', 1000, { since: NOW - DAY });
      await r.searchCount('fixture', 1000, { since: NOW - DAY, minDuration: 1200 });
      await r.searchCount('fi', 1000, { since: NOW - DAY, maxDuration: 240 });
    },
    matchIds: async (r) => {
      await r.matchIds('fixture', {}, 1000);
      await r.matchIds('fi', { since: NOW - DAY, minDuration: 240 }, 1000);
    },
    rankMatches: async (r) => {
      const page = { q: 'fixture', filters: {}, limit: 20, offset: 0, cap: 1000 };
      await r.rankMatches({ ...page, order: { by: 'views', direction: 'desc' } }, `["${VIDEO}"]`);
      await r.rankMatches({ ...page, order: { by: 'relevance' } }, `["${VIDEO}"]`);
    },
    matchedRows: (r) => r.matchedRows(`["${VIDEO}"]`),
    searchGeneration: (r) => r.searchGeneration(),
    suggest: (r) => r.suggest('fix', 10),
    compactSearchIndex: (r) => r.compactSearchIndex(),
  },
});
