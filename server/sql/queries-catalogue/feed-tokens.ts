// The private tokens of subscription feeds.
import { NOW, VIEWER } from '../repository-fixtures.js';
import { FeedTokenRepository } from '../../src/repositories/feed-token.repository.js';
import { define } from './define.js';

export const FEED_TOKEN_QUERIES = define({
  file: 'feed-token.repository',
  make: (db) => new FeedTokenRepository(db),
  calls: {
    replace: async (r) => {
      await r.replace(VIEWER, 'feed-hash-1', NOW);
      await r.replace(VIEWER, 'feed-hash-2', NOW + 1000);
    },
    userOf: (r) => r.userOf('feed-hash-2'),
    createdAt: (r) => r.createdAt(VIEWER),
    remove: (r) => r.remove(VIEWER),
  },
});
