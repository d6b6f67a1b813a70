import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { multipart, pngImage, signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';
import { createVideo } from './helpers/factories.js';
import { LocalBlobStore } from '../src/storage/local-blob-store.js';

/** Fails the second move it is asked for: a store that breaks half-way through a prefix. */
class FailingMoveStore extends LocalBlobStore {
  armed = false;
  moves = 0;
  override async move(fromKey: string, toKey: string): Promise<boolean> {
    if (this.armed && ++this.moves === 2) {
      throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO', errno: -5 });
    }
    return super.move(fromKey, toKey);
  }
}

let t: TestApp;
let store: FailingMoveStore;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp({}, {}, { blobs: (dir) => (store = new FailingMoveStore(dir)) });
  owner = await signedInUser(t.server, 'owner');
  stranger = await signedInUser(t.server, 'stranger');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

function edit(id: string, payload: object) {
  return t.server.inject({
    method: 'PATCH',
    url: `/api/v1/videos/${id}`,
    headers: { cookie: owner.cookie },
    payload,
  });
}

const filesOf = async (id: string) =>
  (await listFiles(t.mediaDir)).filter((f) => f.startsWith(`videos/${id}`));
const prefixOf = (url: string) => url.slice('/media/'.length, url.lastIndexOf('/') + 1);

/** The video's files, each named relative to `prefix`; a file outside it fails the test. */
async function namesUnder(id: string, prefix: string): Promise<string[]> {
  const files = await filesOf(id);
  for (const f of files) expect(f.startsWith(prefix), f).toBe(true);
  return files.map((f) => f.slice(prefix.length));
}

/** Exactly the processed video's files under the final prefix, with one thumbnail: no orphan. */
async function expectOnly(id: string, final: { videoFile: string; thumbnail: string }) {
  const prefix = prefixOf(final.videoFile);
  const names = await namesUnder(id, prefix);
  expect(names.filter((n) => n.startsWith('thumbnail-'))).toEqual([
    final.thumbnail.slice(final.thumbnail.lastIndexOf('/') + 1),
  ]);
  expect(names).toContain('video.mp4');
}

describe('a video going private moves its media to new keys', () => {
  it('old URLs stop working for everyone; the new ones work for the owner only', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'public' });
    const oldPrefix = prefixOf(v.videoFile);
    await fs.mkdir(path.join(t.mediaDir, oldPrefix, 'hls/360p'), { recursive: true });
    await fs.writeFile(path.join(t.mediaDir, oldPrefix, 'hls/360p/index.m3u8'), '#EXTM3U\n');
    const oldUrls = [v.videoFile, v.thumbnail, `/media/${oldPrefix}hls/360p/index.m3u8`];
    for (const url of oldUrls) expect((await get(url)).statusCode).toBe(200);
    const names = await namesUnder(v._id, oldPrefix);

    const res = await edit(v._id, { visibility: 'private' });
    expect(res.statusCode).toBe(200);
    const moved = res.json().data as { videoFile: string; thumbnail: string };
    const newPrefix = prefixOf(moved.videoFile);
    expect(newPrefix).not.toBe(oldPrefix);
    expect(newPrefix).toMatch(new RegExp(`^videos/${v._id}/[0-9a-f]{16}/$`));
    expect(prefixOf(moved.thumbnail)).toBe(newPrefix);

    for (const url of oldUrls) {
      for (const cookie of [undefined, stranger.cookie, owner.cookie]) {
        expect((await get(url, cookie)).statusCode, url).toBe(404);
      }
    }
    const newUrls = [moved.videoFile, moved.thumbnail, `/media/${newPrefix}hls/360p/index.m3u8`];
    for (const url of newUrls) {
      expect((await get(url)).statusCode).toBe(404);
      expect((await get(url, stranger.cookie)).statusCode).toBe(404);
      const mine = await get(url, owner.cookie);
      expect(mine.statusCode, url).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
    }
    // Every file moved: the same names under the new prefix, none left behind.
    expect(await namesUnder(v._id, newPrefix)).toEqual(names);

    // Back to public: the private keys stay (nothing was shared), now cacheable by anyone.
    const back = await edit(v._id, { visibility: 'public' });
    expect(back.json().data.videoFile).toBe(moved.videoFile);
    expect((await get(moved.videoFile)).headers['cache-control']).toBe(
      'public, max-age=3600, immutable',
    );
  });

  it('moves the row’s keys with the prefix, also those whose files are not written yet', async () => {
    // A row as an upload leaves it before processing has written its outputs: no file at all.
    const id = await createVideo(t, owner, { visibility: 'unlisted' });
    const before = await t.database.db
      .selectFrom('videos')
      .select(['video_key', 'thumbnail_key', 'media_token'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const res = await edit(id, { visibility: 'private' });
    expect(res.statusCode).toBe(200);
    const after = await t.database.db
      .selectFrom('videos')
      .select(['video_key', 'thumbnail_key', 'media_token'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.media_token).toMatch(/^[0-9a-f]{16}$/);
    expect(after.media_token).not.toBe(before.media_token);
    const swap = (key: string) => key.replace(before.media_token!, after.media_token!);
    expect(after.video_key).toBe(swap(before.video_key));
    expect(after.thumbnail_key).toBe(swap(before.thumbnail_key));
    expect(after.video_key.startsWith(`videos/${id}/${after.media_token}/`)).toBe(true);
  });

  it('loses nothing when a move fails half-way: the video stays as it was', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'public' });
    const before = await filesOf(v._id);
    store.armed = true;
    store.moves = 0;
    try {
      const res = await edit(v._id, { visibility: 'private', title: 'Not applied' });
      expect(res.statusCode).toBe(500);
    } finally {
      store.armed = false;
    }
    // One move, the failing one, and the first moved back.
    expect(store.moves).toBe(3);
    expect(await filesOf(v._id)).toEqual(before);
    const now = (await get(`/api/v1/videos/vid-id/${v._id}`)).json().data;
    expect(now.visibility).toBe('public');
    expect(now.title).not.toBe('Not applied');
    expect(now.videoFile).toBe(v.videoFile);
    for (const url of [v.videoFile, v.thumbnail]) expect((await get(url)).statusCode).toBe(200);
  });
});

describe('concurrent thumbnail edits', () => {
  it('leave exactly the winning thumbnail on disk, and no temp files', async () => {
    const v = await publishVideo(t, owner.cookie);
    const edits = await Promise.all(
      [40, 50, 60, 70, 80].map(async (size) => {
        const body = multipart({ title: `Edit ${size}`, thumbnail: await pngImage(size, size) });
        return t.server.inject({
          method: 'PATCH',
          url: `/api/v1/videos/${v._id}`,
          payload: body.payload,
          headers: { ...body.headers, cookie: owner.cookie },
        });
      }),
    );
    for (const res of edits) expect(res.statusCode).toBe(200);
    const final = (await get(`/api/v1/videos/vid-id/${v._id}`)).json().data as {
      videoFile: string;
      thumbnail: string;
    };
    await expectOnly(v._id, final);
    expect((await get(final.thumbnail)).statusCode).toBe(200);
    expect((await get(v.thumbnail)).statusCode).toBe(404);
    expect(await listFiles(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('a thumbnail edit racing a move to private leaves no orphan either', async () => {
    const v = await publishVideo(t, owner.cookie);
    const body = multipart({ thumbnail: await pngImage(90, 90) });
    const [thumb, priv] = await Promise.all([
      t.server.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${v._id}`,
        payload: body.payload,
        headers: { ...body.headers, cookie: owner.cookie },
      }),
      edit(v._id, { visibility: 'private' }),
    ]);
    expect(thumb.statusCode).toBe(200);
    expect(priv.statusCode).toBe(200);
    const final = (await get(`/api/v1/videos/vid-id/${v._id}`, owner.cookie)).json().data as {
      videoFile: string;
      thumbnail: string;
    };
    await expectOnly(v._id, final);
  });
});
