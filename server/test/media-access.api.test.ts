import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;
const BYTES = Buffer.from('0123456789abcdefghij');

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'owner');
  stranger = await signedInUser(t.server, 'stranger');
});
afterAll(async () => {
  await t.close();
});

/** A video row plus its file on disk, as an upload would leave them. */
async function storedVideo(visibility: 'public' | 'unlisted' | 'private'): Promise<string> {
  const id = await insertVideo(t, owner.user._id, { visibility });
  const file = path.join(t.mediaDir, 'videos', `${id}.mp4`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, BYTES);
  return `/media/videos/${id}.mp4`;
}

function get(url: string, headers: Record<string, string> = {}) {
  return t.server.inject({ method: 'GET', url, headers });
}

describe('video files follow their video’s visibility', () => {
  it('serves public and unlisted files to anyone, cacheable forever', async () => {
    for (const visibility of ['public', 'unlisted'] as const) {
      const url = await storedVideo(visibility);
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(BYTES)).toBe(true);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('serves a private file only to its owner, never to shared caches', async () => {
    const url = await storedVideo('private');
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, { cookie: stranger.cookie })).statusCode).toBe(404);

    const mine = await get(url, { cookie: owner.cookie, range: 'bytes=2-5' });
    expect(mine.statusCode).toBe(206);
    expect(mine.body).toBe('2345');
    expect(mine.headers['content-range']).toBe(`bytes 2-5/${BYTES.length}`);
    expect(mine.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('answers 404 for a file whose video row is gone, and for names that are not ours', async () => {
    const url = await storedVideo('public');
    await t.database.db.deleteFrom('videos').execute();
    expect((await get(url)).statusCode).toBe(404);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'abc.mp4', `${'f'.repeat(24)}.mp4`]) {
      expect((await get(`/media/videos/${name}`)).statusCode).toBe(404);
    }
  });
});
