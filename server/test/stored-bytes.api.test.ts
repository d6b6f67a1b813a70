import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { signedInUser } from './helpers/fixtures.js';
import { clipPart, publishVideo } from './helpers/media.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';

/**
 * Usage is the sum of each video's stored bytes (original, thumbnail and every output), kept
 * as the files are written, so it matches the store without listing it; with KEEP_ORIGINALS
 * false the original goes once the outputs exist, and stops counting.
 */
async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const f of await listFiles(dir)) total += (await fs.stat(path.join(dir, f))).size;
  return total;
}

async function storageOf(t: TestApp, cookie: string) {
  const res = await t.server.inject({
    method: 'GET',
    url: '/api/v1/users/me/storage',
    headers: { cookie },
  });
  return res.json().data as { usedBytes: number; dailyUsedBytes: number };
}

for (const keepOriginals of [true, false]) {
  describe(`stored bytes with KEEP_ORIGINALS=${keepOriginals}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ uploads: { ...loadConfig({}).uploads, keepOriginals } });
    });
    afterAll(async () => {
      await t.close();
    });

    it('counts exactly what the video keeps in the store', async () => {
      const owner = await signedInUser(t.server, 'bytes');
      const video = await publishVideo(t, owner.cookie, {
        videoFile: await clipPart({ seconds: 3, width: 640, height: 360, audio: true }),
      });
      expect(video.status).toBe('ready');
      const dir = path.join(t.mediaDir, 'videos', video._id);
      const names = (await listFiles(dir)).map((f) => f.split('/').pop());
      expect(names.includes('original.mp4')).toBe(keepOriginals);
      const storage = await storageOf(t, owner.cookie);
      expect(storage.usedBytes).toBe(await bytesUnder(dir));
      expect(storage.dailyUsedBytes).toBe(storage.usedBytes);
      // Deleting the video frees it all.
      await t.server.inject({
        method: 'DELETE',
        url: `/api/v1/videos/deletevid/${video._id}`,
        headers: { cookie: owner.cookie },
      });
      expect((await storageOf(t, owner.cookie)).usedBytes).toBe(0);
    }, 60_000);
  });
}
