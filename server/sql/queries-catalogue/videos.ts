// Videos: their rows, lists, sitemap and counts.
import { DOOMED, NOW, OWNER, PROCESSING, VIDEO, VIEWER, video } from '../repository-fixtures.js';
import { SitemapRepository } from '../../src/repositories/sitemap.repository.js';
import { VideoRepository } from '../../src/repositories/video.repository.js';
import { define } from './define.js';

export const VIDEO_QUERIES = define({
  file: 'video.repository',
  make: (db, dialect) => new VideoRepository(db, dialect),
  calls: {
    insertForProcessing: (r) =>
      r.insertForProcessing({
        ...video(PROCESSING, 'private'),
        status: 'processing',
        pending_visibility: 'public',
        original_name: 'holiday.mov',
        original_bytes: 1000,
        stored_bytes: 1200,
      }),
    findWithOwner: (r) => r.findWithOwner(VIDEO),
    findForWatch: (r) => r.findForWatch(VIDEO, VIEWER),
    listedPublic: (r) => r.listedPublic([VIDEO, PROCESSING]),
    withOwners: (r) => r.withOwners([VIDEO, DOOMED]),
    page: async (r) => {
      await r.page({
        visibilities: ['public'],
        sort: { column: 'created_at', direction: 'desc' },
        limit: 60,
        offset: 0,
      });
      await r.page({
        visibilities: ['public', 'unlisted', 'private'],
        ownerId: OWNER,
        sort: { column: 'title', direction: 'asc' },
        limit: 20,
        offset: 20,
      });
      // After a row already shown (keyset paging).
      await r.page({
        visibilities: ['public'],
        sort: { column: 'created_at', direction: 'desc' },
        limit: 61,
        offset: 0,
        after: { key: NOW, id: VIDEO },
      });
    },
    update: (r) => r.update(VIDEO, { title: 'Renamed', updated_at: NOW }),
    delete: (r) => r.delete(DOOMED),
  },
});

export const SITEMAP_QUERIES = define({
  file: 'sitemap.repository',
  make: (db) => new SitemapRepository(db),
  calls: {
    page: (r) => r.page(1000, 0),
    publicCount: (r) => r.publicCount(),
  },
});
