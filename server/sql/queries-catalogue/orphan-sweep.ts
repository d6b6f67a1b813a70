// The orphan sweep's reads and writes.
import { NOW, OWNER, PROCESSING, VIDEO } from '../repository-fixtures.js';
import { MediaRepository } from '../../src/repositories/media.repository.js';
import { OrphanSweepRepository } from '../../src/repositories/orphan-sweep.repository.js';
import { define } from './define.js';

/** The row lock the orphan sweep's repository works under (see its entry). */
let media: MediaRepository;

export const ORPHAN_SWEEP_QUERIES = define({
  file: 'orphan-sweep.repository',
  make: (db) => {
    // Its locked reads and writes run inside the media repository's row lock, as in the sweep.
    media = new MediaRepository(db);
    return new OrphanSweepRepository(db);
  },
  calls: {
    videosAfter: async (r) => {
      await r.videosAfter(undefined, 500);
      await r.videosAfter(VIDEO, 500);
    },
    lockedVideo: (r) => media.withLockedVideo(PROCESSING, (trx) => r.lockedVideo(trx, PROCESSING)),
    video: (r) => r.video(PROCESSING),
    referencedImages: (r) =>
      r.referencedImages([`images/${OWNER}-avatar.png`, 'images/nobody.png']),
    markFilesLost: async (r) => {
      const lost = { jobKind: 'video.playable', storedBytes: 1000 };
      await media.withLockedVideo(VIDEO, (trx) =>
        r.markFilesLost(trx, { id: VIDEO, owner_id: OWNER }, 'Retry.', NOW, {
          ...lost,
          retryable: true,
          jobId: 'j-lost',
        }),
      );
      await media.withLockedVideo(PROCESSING, (trx) =>
        r.markFilesLost(trx, { id: PROCESSING, owner_id: OWNER }, 'Upload again.', NOW, {
          ...lost,
          retryable: false,
          jobId: 'x',
        }),
      );
    },
  },
});
