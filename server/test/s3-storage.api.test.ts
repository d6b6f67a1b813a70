import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Video } from '@contract';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';
import { startS3Server, type S3TestServer } from './helpers/s3-server.js';

/**
 * The whole app on STORAGE=s3: uploads, processing, playback, access, moves and deletes with
 * every byte in a bucket of a real S3-protocol server (s3rver on loopback, started here), on
 * SQLite and on PostgreSQL like every API test.
 */
/** Fails the third move it is asked for while armed: a bucket failing half-way through a prefix. */
class FailingMoveStore extends S3BlobStore {
  armed = false;
  moves = 0;
  override async move(fromKey: string, toKey: string): Promise<boolean> {
    if (this.armed && ++this.moves === 3) throw new Error('InternalError: please try again');
    return super.move(fromKey, toKey);
  }
}

let s3: S3TestServer;
let store: FailingMoveStore;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  s3 = await startS3Server();
  const options = await s3.bucket();
  t = await createTestApp({}, {}, { blobs: () => (store = new FailingMoveStore(options)) });
  owner = await signedInUser(t.server, 's3owner');
  stranger = await signedInUser(t.server, 's3stranger');
});
afterAll(async () => {
  await t?.close();
  store?.close();
  await s3?.stop();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.server.inject({ method: 'GET', url, headers });
const keyOf = (url: string) => url.slice('/media/'.length);
const prefixOf = (url: string) => keyOf(url).slice(0, keyOf(url).lastIndexOf('/') + 1);
const keysOf = async (id: string) =>
  (await s3.keys(store.bucket)).filter((k) => k.startsWith(`videos/${id}/`));

/** The object's bytes read straight from the bucket, not through the app. */
async function objectBytes(key: string): Promise<Buffer> {
  const answer = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

describe('media in an S3 bucket', () => {
  let video: Video;

  it('stores an upload and every processing output in the bucket, none on local disk', async () => {
    video = await publishVideo(t, owner.cookie, { visibility: 'public' });
    expect(video.status).toBe('ready');
    expect(video.hlsUrl).not.toBeNull();
    const prefix = prefixOf(video.videoFile);
    const keys = await keysOf(video._id);
    expect(keys.every((k) => k.startsWith(prefix))).toBe(true);
    const names = keys.map((k) => k.slice(prefix.length));
    expect(names).toEqual(
      expect.arrayContaining([
        'video.mp4',
        'poster.jpg',
        'storyboard.vtt',
        'storyboard.jpg',
        'hls/master.m3u8',
        expect.stringMatching(/^original\.mp4$/),
        expect.stringMatching(/^thumbnail-[0-9a-f]+\.webp$/),
        expect.stringMatching(/^hls\/\d+p\/.+\.ts$/),
      ]),
    );
    // The avatars of both users are there too, and nothing is left in local media or scratch.
    expect((await s3.keys(store.bucket)).filter((k) => k.startsWith('images/'))).toHaveLength(2);
    expect(await listFiles(t.mediaDir)).toEqual([]);
    expect(await listFiles(`${t.dataDir}/tmp`)).toEqual([]);
  });

  it('plays the bucket’s bytes through /media, whole and by Range', async () => {
    const bytes = await objectBytes(keyOf(video.videoFile));
    const whole = await get(video.videoFile);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await get(video.videoFile, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);

    const suffix = await get(video.videoFile, { range: 'bytes=-10' });
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const beyond = await get(video.videoFile, { range: `bytes=${bytes.length}-` });
    expect(beyond.statusCode).toBe(416);

    const master = await get(video.hlsUrl!);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-STREAM-INF');
    const download = await get(`/api/v1/videos/${video._id}/download`, { cookie: owner.cookie });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps the raw upload for its owner only', async () => {
    const original = `/media/${prefixOf(video.videoFile)}original.mp4`;
    expect((await get(original)).statusCode).toBe(404);
    expect((await get(original, { cookie: stranger.cookie })).statusCode).toBe(404);
    const mine = await get(original, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });

  it('moves every object to a new prefix when the video goes private; others are refused', async () => {
    const oldPrefix = prefixOf(video.videoFile);
    const before = (await keysOf(video._id)).map((k) => k.slice(oldPrefix.length)).sort();
    const res = await t.server.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${video._id}`,
      headers: { cookie: owner.cookie },
      payload: { visibility: 'private' },
    });
    expect(res.statusCode).toBe(200);
    const moved = res.json().data as Video;
    const newPrefix = prefixOf(moved.videoFile);
    expect(newPrefix).not.toBe(oldPrefix);
    const after = await keysOf(video._id);
    expect(after.every((k) => k.startsWith(newPrefix))).toBe(true);
    expect(after.map((k) => k.slice(newPrefix.length)).sort()).toEqual(before);

    for (const url of [video.videoFile, video.thumbnail, video.hlsUrl!]) {
      expect((await get(url, { cookie: owner.cookie })).statusCode, url).toBe(404);
    }
    for (const url of [moved.videoFile, moved.thumbnail, moved.hlsUrl!]) {
      expect((await get(url)).statusCode, url).toBe(404);
      expect((await get(url, { cookie: stranger.cookie })).statusCode, url).toBe(404);
      const mine = await get(url, { cookie: owner.cookie, range: 'bytes=0-9' });
      expect(mine.statusCode, url).toBe(206);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.rawPayload.equals((await objectBytes(keyOf(url))).subarray(0, 10))).toBe(true);
    }
    video = moved;
  });

  it('loses nothing when the bucket fails half-way through a move', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'public' });
    const before = await keysOf(v._id);
    store.armed = true;
    store.moves = 0;
    try {
      const res = await t.server.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${v._id}`,
        headers: { cookie: owner.cookie },
        payload: { visibility: 'private' },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      store.armed = false;
    }
    // Several moves ran at once; every one that happened was moved back.
    expect(store.moves).toBeGreaterThan(3);
    expect(await keysOf(v._id)).toEqual(before);
    for (const url of [v.videoFile, v.thumbnail, v.hlsUrl!]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    await t.server.inject({
      method: 'DELETE',
      url: `/api/v1/videos/deletevid/${v._id}`,
      headers: { cookie: owner.cookie },
    });
  });

  it('deletes every object of a deleted video from the bucket', async () => {
    const other = await publishVideo(t, owner.cookie, { visibility: 'unlisted' });
    for (const v of [video, other]) {
      expect((await keysOf(v._id)).length).toBeGreaterThan(5);
      const res = await t.server.inject({
        method: 'DELETE',
        url: `/api/v1/videos/deletevid/${v._id}`,
        headers: { cookie: owner.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(await keysOf(v._id)).toEqual([]);
    }
    // Only the two avatars remain in the whole bucket.
    const left = await s3.keys(store.bucket);
    expect(left).toHaveLength(2);
    expect(left.every((k) => k.startsWith('images/'))).toBe(true);
  });

  it('is ready while the bucket takes writes', async () => {
    const ready = await get('/api/v1/health/ready');
    expect(ready.statusCode).toBe(200);
  });
});
