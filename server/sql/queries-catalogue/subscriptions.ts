// Subscriptions, and the feed of the subscribed channels' videos.
import { NOW, OWNER, VIDEO, VIEWER } from '../repository-fixtures.js';
import { SubscriptionFeedRepository } from '../../src/repositories/subscription-feed.repository.js';
import { SubscriptionRepository } from '../../src/repositories/subscription.repository.js';
import { define } from './define.js';

export const SUBSCRIPTION_QUERIES = define({
  file: 'subscription.repository',
  make: (db) => new SubscriptionRepository(db),
  calls: {
    toggle: async (r) => {
      await r.toggle(VIEWER, OWNER, NOW);
      await r.toggle(VIEWER, OWNER, NOW + 1000);
      await r.toggle(VIEWER, OWNER, NOW + 2000);
    },
    channelsOf: (r) => r.channelsOf(VIEWER),
  },
});

export const SUBSCRIPTION_FEED_QUERIES = define({
  file: 'subscription-feed.repository',
  make: (db, dialect) => new SubscriptionFeedRepository(db, dialect),
  calls: {
    page: async (r) => {
      await r.page(VIEWER, 20, 0);
      await r.page(VIEWER, 21, 0, { key: NOW, id: VIDEO });
    },
  },
});
