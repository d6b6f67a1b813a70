import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaRepository } from '../src/repositories/media.repository.js';
import { OrphanSweepRepository } from '../src/repositories/orphan-sweep.repository.js';
import { newId } from '../src/lib/ids.js';
import { newMediaToken, videoPrefix } from '../src/storage/media-keys.js';
import { sweepOrphans } from '../src/storage/orphan-sweep.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { insertVideoRows, videoRow } from './helpers/factories.js';
import { signedInUser } from './helpers/fixtures.js';
import { startS3Server, type S3TestServer } from './helpers/s3-server.js';
import { HOUR, sweepApp, sweepCalls } from './helpers/orphan-sweep-app.js';

/**
 * The orphan sweep refuses to change anything when the database and the store do not look
 * like a pair (most objects belong to no row, or most videos have no files), on local disk
 * and on S3, unless an operator forces it; and a refused run does not check each video's
 * files one by one.
 */
let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

describe.each(['local', 's3'] as const)('the orphan sweep on %s storage', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    ({ t } = await sweepApp(kind, s3));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const { sweep, put, exists } = sweepCalls(() => t);

  it('changes nothing when the database and the store do not look like a pair', async () => {
    const strangers = Array.from(
      { length: 120 },
      (_, i) => `${videoPrefix(newId(Date.now() + i), newMediaToken())}video.mp4`,
    );
    for (const key of strangers) await put(key);
    const refused = await sweep(true);
    expect(refused.refused).toMatch(/^120 of \d+ objects belong to no row$/);
    expect(refused.removed).toBe(0);
    for (const key of strangers) expect(await exists(key)).toBe(true);
    // An operator who checked may force it.
    const forced = await sweep(true, undefined, true);
    expect(forced.removed).toBe(120);
    for (const key of strangers) expect(await exists(key)).toBe(false);
  }, 120_000);
});

describe('a sweep in front of a store that holds none of its videos', () => {
  it('changes nothing, counts the videos without files, and checks none of them one by one', async () => {
    const t = await createTestApp();
    try {
      const owner = await signedInUser(t.server, 'strangerstore');
      const at = Date.now() - 2 * HOUR;
      const rows = Array.from({ length: 30 }, (_, i) =>
        videoRow(owner, { created_at: at + i, id: newId(at + i) }),
      );
      await insertVideoRows(t, rows);
      const looked: string[] = [];
      const blobs = Object.create(t.blobs, {
        exists: {
          value: (key: string) => {
            looked.push(key);
            return t.blobs.exists(key);
          },
        },
      }) as typeof t.blobs;
      const report = await sweepOrphans(
        {
          blobs,
          rows: new OrphanSweepRepository(t.database.db),
          media: new MediaRepository(t.database.db),
        },
        { apply: true, graceMs: HOUR },
      );
      expect(report.refused).toBe('30 of 30 videos have no files');
      expect(report.unchecked).toBe(30);
      expect(report.lost).toEqual([]);
      expect(looked).toEqual([]);
      const statuses = await t.database.db
        .selectFrom('videos')
        .select(['status', 'processing_error'])
        .where('owner_id', '=', owner.user._id)
        .execute();
      expect(statuses).toHaveLength(30);
      expect(statuses.every((r) => r.status === 'ready' && r.processing_error === null)).toBe(true);

      // A report-only run still checks and lists each one.
      const listed = await sweepOrphans(
        {
          blobs,
          rows: new OrphanSweepRepository(t.database.db),
          media: new MediaRepository(t.database.db),
        },
        { apply: false, graceMs: HOUR },
      );
      expect(listed.unchecked).toBe(0);
      expect(listed.lost.map((l) => l.videoId).sort()).toEqual(rows.map((r) => r.id).sort());
    } finally {
      await t.close();
    }
  }, 60_000);
});
