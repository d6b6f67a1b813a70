// The creator studio's lists and analytics.
import { DAY, NOW, OWNER, VIDEO } from '../repository-fixtures.js';
import { StudioRepository } from '../../src/repositories/studio.repository.js';
import { define } from './define.js';

export const STUDIO_QUERIES = define({
  file: 'studio.repository',
  make: (db) => new StudioRepository(db),
  calls: {
    channelSummary: (r) => r.channelSummary(OWNER, NOW - 28 * DAY),
    page: async (r) => {
      await r.page(OWNER, { column: 'created_at', direction: 'desc' }, 10, 0);
      await r.page(OWNER, { column: 'title', direction: 'asc' }, 10, 0);
      await r.page(OWNER, { column: 'created_at', direction: 'desc' }, 11, 0, {
        key: NOW,
        id: VIDEO,
      });
      await r.page(OWNER, { column: 'title', direction: 'asc' }, 11, 0, {
        key: 'fixture',
        id: VIDEO,
      });
    },
    newest: (r) => r.newest(OWNER),
    mostViewed: (r) => r.mostViewed(OWNER),
    latestComments: (r) => r.latestComments(OWNER, 5),
    viewsPerDay: async (r) => {
      await r.viewsPerDay({ videoId: VIDEO }, NOW - 28 * DAY, NOW);
      await r.viewsPerDay({ ownerId: OWNER }, NOW - 28 * DAY, NOW);
    },
    watchMsPerDay: async (r) => {
      await r.watchMsPerDay({ videoId: VIDEO }, 20_440, 20_468);
      await r.watchMsPerDay({ ownerId: OWNER }, 20_440, 20_468);
    },
    netSubscribersPerDay: (r) => r.netSubscribersPerDay(OWNER, NOW - 28 * DAY, NOW),
  },
});
