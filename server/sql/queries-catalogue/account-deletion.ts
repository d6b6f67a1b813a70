// Deleting an account and everything of it.
import { OWNER, VIEWER } from '../repository-fixtures.js';
import { AccountDeletionRepository } from '../../src/repositories/account-deletion.repository.js';
import { define } from './define.js';

export const ACCOUNT_DELETION_QUERIES = define({
  file: 'account-deletion.repository',
  make: (db, dialect) => new AccountDeletionRepository(db, dialect),
  calls: {
    videoIdsOf: (r) => r.videoIdsOf(OWNER),
    commentIdsOf: (r) => r.commentIdsOf(VIEWER),
    uploadIdsOf: (r) => r.uploadIdsOf(OWNER),
    deleteAccountRows: async (r) => {
      // The owner still has a video: the step stops there, for it to go first.
      await r.deleteAccountRows(OWNER);
      await r.deleteAccountRows(VIEWER);
    },
  },
});
