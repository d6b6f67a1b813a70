// The outgoing mail queue.
import { DAY, NOW, VIEWER, WORKER } from '../repository-fixtures.js';
import { MailOutboxRepository } from '../../src/repositories/mail-outbox.repository.js';
import { define } from './define.js';

export const MAIL_OUTBOX_QUERIES = define({
  file: 'mail-outbox.repository',
  make: (db, dialect) => new MailOutboxRepository(db, dialect),
  calls: {
    insert: (r) =>
      r.insert({
        id: 'm-1',
        to_address: `${VIEWER}@example.com`,
        subject: 'Confirm your email address',
        text_body: 'Hi',
        html_body: '<p>Hi</p>',
        state: 'queued',
        run_after: NOW,
        created_at: NOW,
      }),
    claim: (r) => r.claim(WORKER, NOW, 120_000),
    notDelivered: (r) => r.notDelivered('m-1', WORKER, '451 Try again later', NOW + 30_000),
    delivered: (r) => r.delivered('m-1', WORKER),
    deleteFailedBefore: (r) => r.deleteFailedBefore(NOW - 7 * DAY),
  },
});
