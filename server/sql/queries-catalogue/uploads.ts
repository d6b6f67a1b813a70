// Resumable uploads, and a video's media under its row lock.
import { DAY, NOW, OWNER, UPLOAD, VIDEO, upload } from '../repository-fixtures.js';
import { MediaRepository } from '../../src/repositories/media.repository.js';
import { UploadRepository } from '../../src/repositories/upload.repository.js';
import { define } from './define.js';

export const UPLOAD_QUERIES = define({
  file: 'upload.repository',
  make: (db, dialect) => new UploadRepository(db, dialect),
  calls: {
    insert: (r) => r.insert(upload(UPLOAD)),
    forUser: (r) => r.forUser(OWNER, async () => undefined),
    usage: (r) => r.usage(OWNER, NOW - DAY),
    find: (r) => r.find(UPLOAD),
    tryLock: (r) => r.tryLock(UPLOAD, 'holder-1', NOW, 10_000),
    wantLock: (r) => r.wantLock(UPLOAD),
    renewLock: (r) => r.renewLock(UPLOAD, 'holder-1', NOW + 3000, 10_000),
    unlock: (r) => r.unlock(UPLOAD, 'holder-1'),
    claimForPublish: (r) => r.claimForPublish(UPLOAD, OWNER, NOW),
    unclaim: (r) => r.unclaim(UPLOAD),
    expired: (r) => r.expired(NOW + 2 * DAY, 100),
    existing: (r) => r.existing([UPLOAD, 'f'.repeat(32)]),
    delete: (r) => r.delete(UPLOAD),
  },
});

export const MEDIA_QUERIES = define({
  file: 'media.repository',
  make: (db) => new MediaRepository(db),
  calls: {
    videoMedia: (r) => r.videoMedia(VIDEO),
    isUserImage: (r) => r.isUserImage(`images/${OWNER}-avatar.png`),
    withLockedVideo: (r) => r.withLockedVideo(VIDEO, async () => undefined),
    update: (r) =>
      r.withLockedVideo(VIDEO, (trx) =>
        r.update(trx, VIDEO, { thumbnail_key: 'videos/v/t/thumbnail-2.jpg' }),
      ),
  },
});
