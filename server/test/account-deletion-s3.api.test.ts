import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';
import { countDrift, rowsMentioning } from './helpers/account-traces.js';
import { apiCall } from './helpers/api-client.js';
import { multipart, pngImage, signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';
import { startS3Server, type S3TestServer } from './helpers/s3-server.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';

// Account deletion with media in an S3 bucket (s3rver on loopback, started here): every
// object of the account goes, every object of anyone else stays, and nothing is on disk.
let s3: S3TestServer;
let store: S3BlobStore;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  const options = await s3.bucket();
  t = await createTestApp({}, {}, { blobs: () => (store = new S3BlobStore(options)) });
});
afterAll(async () => {
  await t?.close();
  store?.close();
  await s3?.stop();
});

const mediaKey = (url: string) => url.replace(/^.*\/media\//, '');

describe('DELETE /users/me on S3 storage', () => {
  it('removes every object of the account from the bucket and keeps everyone else’s', async () => {
    const leaver = await signedInUser(t.server, 's3leaver');
    const other = await signedInUser(t.server, 's3stayer');
    const cover = multipart({ coverImage: await pngImage(320, 90) });
    const patched = await t.server.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      payload: cover.payload,
      headers: { ...cover.headers, cookie: leaver.cookie },
    });
    expect(patched.statusCode).toBe(200);
    const own = await publishVideo(t, leaver.cookie, { title: 'Bucket video going' });
    const ownPrivate = await publishVideo(t, leaver.cookie, {
      title: 'Private bucket video',
      isPublished: 'false',
    });
    const theirs = await publishVideo(t, other.cookie, { title: 'Bucket video staying' });
    await apiCall(t, 'POST', `/toggle/like-dislike/${theirs._id}/like`, {
      cookie: leaver.cookie,
      payload: { contentType: 'Video' },
    });
    await apiCall(t, 'POST', `/comments/createcomments/u/${theirs._id}`, {
      cookie: leaver.cookie,
      payload: { content: 'From the bucket' },
    });

    const me = (await apiCall(t, 'GET', '/users/check-session', { cookie: leaver.cookie })).json()
      .user;
    const pictures = [mediaKey(me.avatar), mediaKey(me.coverImage)];
    const keysBefore = await s3.keys(store.bucket);
    expect(keysBefore).toEqual(expect.arrayContaining(pictures));
    for (const video of [own, ownPrivate]) {
      const keys = keysBefore.filter((k) => k.startsWith(`videos/${video._id}/`));
      // The original, the MP4, the poster, the storyboard and the HLS renditions.
      expect(keys.length).toBeGreaterThan(5);
      expect(keys.some((k) => k.includes('/hls/'))).toBe(true);
    }
    const othersKeys = keysBefore.filter(
      (k) =>
        !pictures.includes(k) &&
        !k.startsWith(`videos/${own._id}/`) &&
        !k.startsWith(`videos/${ownPrivate._id}/`),
    );
    expect(othersKeys.some((k) => k.startsWith(`videos/${theirs._id}/`))).toBe(true);

    const res = await apiCall(t, 'DELETE', '/users/me', {
      cookie: leaver.cookie,
      payload: { password: leaver.password },
    });
    expect(res.statusCode).toBe(200);

    expect(await s3.keys(store.bucket)).toEqual(othersKeys);
    expect(await listFiles(t.mediaDir)).toEqual([]);
    expect(
      await rowsMentioning(t.database, [
        leaver.user._id,
        leaver.email,
        leaver.username,
        own._id,
        ownPrivate._id,
      ]),
    ).toEqual([]);
    expect(await countDrift(t.database)).toEqual([]);
    const video = (
      await apiCall(t, 'GET', `/videos/vid-id/${theirs._id}`, { cookie: other.cookie })
    ).json().data;
    expect(video.likesCount).toBe(0);
    // The other account's video still plays from the bucket.
    const file = await t.server.inject({ method: 'GET', url: video.videoFile });
    expect(file.statusCode).toBe(200);
  });
});
