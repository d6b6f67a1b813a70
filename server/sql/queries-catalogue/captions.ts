// Captions.
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { NOW, VIDEO } from '../repository-fixtures.js';
import { CaptionRepository } from '../../src/repositories/caption.repository.js';
import { define } from './define.js';

let captionDb: Kysely<Database>;

export const CAPTION_QUERIES = define({
  file: 'caption.repository',
  // Its writes run inside the video's row lock; here, inside a transaction of their own.
  make: (db) => {
    captionDb = db;
    return new CaptionRepository(db);
  },
  calls: {
    put: (r) =>
      captionDb.transaction().execute((trx) =>
        r.put(trx, {
          video_id: VIDEO,
          language: 'pt-BR',
          label: 'Brazilian Portuguese',
          file_name: 'pt-br-0a1b2c3d4e5f.vtt',
          created_at: NOW,
        }),
      ),
    census: (r) => captionDb.transaction().execute((trx) => r.census(trx, VIDEO, 'pt-BR')),
    list: (r) => r.list(VIDEO),
    remove: (r) => captionDb.transaction().execute((trx) => r.remove(trx, VIDEO, 'pt-BR')),
  },
});
