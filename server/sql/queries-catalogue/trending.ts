// The trending ranking.
import { DAY, NOW } from '../repository-fixtures.js';
import { TrendingRepository } from '../../src/repositories/trending.repository.js';
import { define } from './define.js';

export const TRENDING_QUERIES = define({
  file: 'trending.repository',
  make: (db) => new TrendingRepository(db),
  calls: {
    ranking: (r) =>
      r.ranking({
        now: NOW,
        fromHour: Math.floor((NOW - 7 * DAY) / 3_600_000),
        halfLifeMs: DAY,
        limit: 100,
      }),
    prune: (r) => r.prune(Math.floor((NOW - 7 * DAY) / 3_600_000)),
  },
});
