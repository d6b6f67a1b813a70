import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { clipPart, publish, uploadFields } from './helpers/media.js';

/**
 * Sources no one should have to process are refused when they are uploaded, from what ffprobe
 * reads of the file itself: absurd dimensions (past 8K) and durations past MAX_VIDEO_SECONDS.
 * Nothing of a refused upload stays: no row, no job, no stored or temp file.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp({
    processing: { ...loadConfig({}).processing, maxVideoSeconds: 3 },
  });
  owner = await signedInUser(t.server, 'limited');
});
afterAll(async () => {
  await t.close();
});

async function expectNothingStored() {
  expect((await listFiles(t.mediaDir)).filter((f) => f.startsWith('videos'))).toEqual([]);
  expect(await listFiles(path.join(t.dataDir, 'tmp'))).toEqual([]);
  const rows = await t.database.db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(rows.n)).toBe(0);
  const jobs = await t.database.db
    .selectFrom('processing_jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(jobs.n)).toBe(0);
}

describe('upload limits read from the file', () => {
  it('refuses a video longer than MAX_VIDEO_SECONDS, whatever duration the form claims', async () => {
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({
        videoFile: await clipPart({ seconds: 5, width: 160, height: 90 }),
        duration: '1',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Videos longer than 3 seconds are not supported.',
      errors: [{ field: 'videoFile' }],
    });
    await expectNothingStored();
  });

  it('refuses a picture wider than 8K', async () => {
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({ videoFile: await clipPart({ seconds: 1, width: 7696, height: 64 }) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Videos larger than 7680×4320 pixels are not supported.');
    await expectNothingStored();
  });

  it('takes a video just inside both limits', async () => {
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({ videoFile: await clipPart({ seconds: 2, width: 160, height: 90 }) }),
    );
    expect(res.statusCode).toBe(201);
  });
});
