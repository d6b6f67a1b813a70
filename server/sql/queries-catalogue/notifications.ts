// Notifications: written where they arise, and read per user.
import { NOTIFICATION_KINDS } from '@contract';
import { DAY, NOW, OWNER, VIDEO, VIEWER } from '../repository-fixtures.js';
import { NotificationFanoutRepository } from '../../src/repositories/notification-fanout.repository.js';
import { NotificationRepository } from '../../src/repositories/notification.repository.js';
import { define } from './define.js';

const NOTIFICATION_SCOPE = {
  userId: OWNER,
  kinds: NOTIFICATION_KINDS,
  readBefore: NOW - DAY,
  since: NOW - 90 * DAY,
};

export const NOTIFICATION_FANOUT_QUERIES = define({
  file: 'notification-fanout.repository',
  make: (db) => new NotificationFanoutRepository(db),
  calls: {
    insertProcessed: (r) => r.insertProcessed(VIDEO, 'processing_done', NOW),
  },
});

export const NOTIFICATION_QUERIES = define({
  file: 'notification.repository',
  make: (db) => new NotificationRepository(db),
  calls: {
    page: (r) => r.page(NOTIFICATION_SCOPE, 20, 0),
    unreadCount: (r) => r.unreadCount(NOTIFICATION_SCOPE, 100),
    markRead: (r) => r.markRead(VIEWER, [VIDEO], NOW),
    prune: (r) => r.prune(NOW - 90 * DAY),
  },
});
