import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';
import { rawRequest } from './helpers/raw-http.js';
import { createVideo } from './helpers/factories.js';
import { newId } from '../src/lib/ids.js';

let t: TestApp;
let port: number;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;
const BYTES = Buffer.from('0123456789abcdefghij');
/** Public media: cached for MEDIA_MAX_AGE_SECONDS (an hour by default), never for a year. */
const IMMUTABLE = 'public, max-age=3600, immutable';

beforeAll(async () => {
  t = await createTestApp();
  // Other spellings go over a real socket: inject and fetch would resolve dot segments first.
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  port = (t.server.server.address() as AddressInfo).port;
  owner = await signedInUser(t.server, 'owner');
  stranger = await signedInUser(t.server, 'stranger');
});
afterAll(async () => {
  await t.close();
});

function request(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}) {
  return t.server.inject({ method, url, headers });
}
const get = (url: string, headers: Record<string, string> = {}) => request('GET', url, headers);

async function writeMedia(key: string, data: Buffer = BYTES): Promise<void> {
  const file = path.join(t.mediaDir, key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
}

/** A video row in the layout of a processed upload, with its video file and thumbnail stored. */
async function storedVideo(visibility: 'public' | 'unlisted' | 'private') {
  const id = await createVideo(t, owner, { visibility });
  const row = await t.database.db
    .selectFrom('videos')
    .select(['video_key', 'thumbnail_key'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await writeMedia(row.video_key);
  await writeMedia(row.thumbnail_key);
  return { id, videoUrl: `/media/${row.video_key}`, thumbUrl: `/media/${row.thumbnail_key}` };
}

/** Every other spelling of a URL that a path normaliser or a decoder would map to it. */
function otherSpellings(url: string): string[] {
  const key = url.slice('/media/'.length);
  const parts = key.split('/');
  const last = parts.at(-1)!;
  const dir = parts.slice(0, -1).join('/');
  return [
    `/media//${key}`,
    `/media/${dir}//${last}`,
    `/media/./${key}`,
    `/media/${dir}/./${last}`,
    `/media/${parts[0]}/../${key}`,
    `/media/${dir}/${last}/`,
    `/media/${dir}%2F${last}`,
    `/media/${dir}%2f${last}`,
    `/media/${dir}/%2E/${last}`,
    `/media/${dir}/${last.replace('.', '%2E')}`,
    `/media/${dir}/${encodeURIComponent(last[0]!)}${last.slice(1)}`.replace(
      `/${last[0]}`,
      `/%${last.charCodeAt(0).toString(16)}`,
    ),
    `/media/${dir}\\${last}`,
    `/media/${dir}%5C${last}`,
    `/media/${key}%00`,
    `/media/${key}%00.txt`,
    `/media/${key}?`,
    `/media/${key}?download=1`,
    `/media/${key}?/../x`,
    `/media/${key};x`,
    `/media/${key}%20`,
    `/media/${dir.toUpperCase()}/${last}`,
    `/media/${dir}/${last.toUpperCase()}`,
    `/media/${key}.`,
  ];
}

describe('one canonical spelling per media file', () => {
  it('serves the canonical URL and refuses every other spelling with 404', async () => {
    const pub = await publishVideo(t, owner.cookie);
    const priv = await publishVideo(t, owner.cookie, { visibility: 'private' });
    const stored = await storedVideo('public');
    for (const url of [pub.videoFile, pub.thumbnail, stored.videoUrl, stored.thumbUrl]) {
      expect((await get(url)).statusCode, url).toBe(200);
      expect((await rawRequest(port, url)).status).toBe(200);
      for (const spelling of otherSpellings(url)) {
        const res = await rawRequest(port, spelling, { cookie: owner.cookie });
        expect(res.status, spelling).toBe(404);
        expect(res.headers['cache-control'], spelling).not.toMatch(/public/);
      }
    }
    for (const url of [priv.videoFile, priv.thumbnail]) {
      expect((await get(url, { cookie: owner.cookie })).statusCode, url).toBe(200);
      for (const spelling of otherSpellings(url)) {
        for (const cookie of [undefined, stranger.cookie, owner.cookie]) {
          const res = await rawRequest(port, spelling, cookie ? { cookie } : {});
          expect(res.status, spelling).toBe(404);
          expect(res.headers['cache-control']).not.toMatch(/public/);
        }
      }
    }
  });
});

describe('media follow the visibility of the video that references them', () => {
  it('serves public and unlisted videos and thumbnails to anyone, cacheable forever', async () => {
    for (const visibility of ['public', 'unlisted'] as const) {
      const v = await publishVideo(t, owner.cookie, { visibility });
      for (const url of [v.videoFile, v.thumbnail]) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe(IMMUTABLE);
      }
      const stored = await storedVideo(visibility);
      const res = await get(stored.thumbUrl);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
  });

  it('serves private files to the owner only, never cacheable', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'private' });
    const stored = await storedVideo('private');
    for (const url of [v.videoFile, v.thumbnail, stored.videoUrl, stored.thumbUrl]) {
      const others: Record<string, string>[] = [
        {},
        { cookie: stranger.cookie },
        { authorization: 'Bearer nope' },
      ];
      for (const headers of others) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.json().success).toBe(false);
      }
      const mine = await get(url, { cookie: owner.cookie });
      expect(mine.statusCode, url).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      const bearer = await get(url, { authorization: `Bearer ${owner.token}` });
      expect(bearer.statusCode).toBe(200);
    }
  });

  it('serves anything under the current prefix (HLS, storyboard) by the same rule', async () => {
    const v = await publishVideo(t, owner.cookie);
    const prefix = v.videoFile.slice('/media/'.length, v.videoFile.lastIndexOf('/') + 1);
    const files: Record<string, string> = {
      'hls/master.m3u8': 'application/vnd.apple.mpegurl',
      'hls/720p/index.m3u8': 'application/vnd.apple.mpegurl',
      'hls/720p/segment-00001.ts': 'video/mp2t',
      'hls/720p/seg_1.m4s': 'video/iso.segment',
      'hls/720p/init.mp4': 'video/mp4',
      'storyboard.vtt': 'text/vtt; charset=utf-8',
      'storyboard.jpg': 'image/jpeg',
      'poster.jpg': 'image/jpeg',
    };
    for (const name of Object.keys(files)) await writeMedia(`${prefix}${name}`);
    for (const [name, type] of Object.entries(files)) {
      const res = await get(`/media/${prefix}${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.rawPayload.equals(BYTES)).toBe(true);
    }
    await t.app.services.videos.update(v._id, await ownerRow(), {
      fields: { visibility: 'private' },
      thumbnail: undefined,
    });
    const moved = (await get(`/api/v1/videos/vid-id/${v._id}`, { cookie: owner.cookie })).json()
      .data as { videoFile: string };
    const newPrefix = moved.videoFile.slice('/media/'.length, moved.videoFile.lastIndexOf('/') + 1);
    for (const name of Object.keys(files)) {
      expect((await get(`/media/${prefix}${name}`, { cookie: owner.cookie })).statusCode).toBe(404);
      expect((await get(`/media/${newPrefix}${name}`)).statusCode).toBe(404);
      const mine = await get(`/media/${newPrefix}${name}`, { cookie: owner.cookie });
      expect(mine.statusCode, name).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('serves the raw upload (original.*) to its owner only, even of a public video', async () => {
    const v = await publishVideo(t, owner.cookie);
    const prefix = v.videoFile.slice('/media/'.length, v.videoFile.lastIndexOf('/') + 1);
    await writeMedia(`${prefix}original.mov`);
    const url = `/media/${prefix}original.mov`;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, { cookie: stranger.cookie })).statusCode).toBe(404);
    const mine = await get(url, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('video/quicktime');
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });

  it('serves avatars and covers to anyone, and no file that nothing references', async () => {
    const user = await ownerRow();
    const avatar = await get(`/media/${user.avatar_key}`);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['cache-control']).toBe(IMMUTABLE);

    const v = await publishVideo(t, owner.cookie);
    const prefix = v.videoFile.slice('/media/'.length, v.videoFile.lastIndexOf('/') + 1);
    const stray = [
      `images/${newId()}.webp`,
      `videos/${v._id}/0000000000000000/video.mp4`,
      `videos/${newId()}/0123456789abcdef/video.mp4`,
      `videos/${newId()}.mp4`,
      `${prefix}notes.partial`,
    ];
    for (const key of stray) await writeMedia(key);
    for (const key of stray.slice(0, 4)) {
      expect((await get(`/media/${key}`, { cookie: owner.cookie })).statusCode, key).toBe(404);
    }
    for (const target of [
      '/media/vidshare.sqlite',
      '/media/../vidshare.sqlite',
      '/media/%2e%2e/vidshare.sqlite',
      '/media/..%2fvidshare.sqlite',
      '/media/',
      '/media',
    ]) {
      const res = await rawRequest(port, target);
      expect(res.status, target).toBe(404);
      expect(res.body.toString()).not.toMatch(/SQLite/);
    }
  });
});

describe('nothing outside a video’s current prefix', () => {
  const refused = async (key: string) => {
    const callers: Record<string, string>[] = [
      {},
      { cookie: stranger.cookie },
      { cookie: owner.cookie },
    ];
    for (const headers of callers) {
      const res = await get(`/media/${key}`, headers);
      expect(res.statusCode, key).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  };

  it('answers 404 for videos/{id}.mp4 and images/ thumbnails, even when the row names them', async () => {
    for (const visibility of ['public', 'private'] as const) {
      const { id } = await storedVideo(visibility);
      const outside = { video_key: `videos/${id}.mp4`, thumbnail_key: `images/${newId()}.webp` };
      await t.database.db.updateTable('videos').set(outside).where('id', '=', id).execute();
      for (const key of Object.values(outside)) {
        await writeMedia(key);
        await refused(key);
      }
    }
  });

  it('serves nothing of a row without a media token', async () => {
    const { id, videoUrl, thumbUrl } = await storedVideo('public');
    await t.database.db
      .updateTable('videos')
      .set({ media_token: null })
      .where('id', '=', id)
      .execute();
    for (const url of [videoUrl, thumbUrl]) await refused(url.slice('/media/'.length));
  });
});

describe('HTTP semantics of media answers', () => {
  it('answers Range, HEAD, ETag and If-None-Match', async () => {
    const stored = await storedVideo('public');
    const full = await get(stored.videoUrl);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['content-length']).toBe(String(BYTES.length));
    expect(full.rawPayload.equals(BYTES)).toBe(true);
    const etag = String(full.headers.etag);
    expect(etag).toMatch(/^"/);

    const part = await get(stored.videoUrl, { range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe(`bytes 2-5/${BYTES.length}`);
    expect(part.headers['content-length']).toBe('4');

    const suffix = await get(stored.videoUrl, { range: 'bytes=-3' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.body).toBe('hij');

    const open = await get(stored.videoUrl, { range: 'bytes=18-' });
    expect(open.body).toBe('ij');

    const beyond = await get(stored.videoUrl, { range: 'bytes=20-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${BYTES.length}`);

    const junk = await get(stored.videoUrl, { range: 'bytes=oops' });
    expect(junk.statusCode).toBe(200);
    expect(junk.rawPayload.equals(BYTES)).toBe(true);

    const stale = await get(stored.videoUrl, { range: 'bytes=0-1', 'if-range': '"other"' });
    expect(stale.statusCode).toBe(200);
    const fresh = await get(stored.videoUrl, { range: 'bytes=0-1', 'if-range': etag });
    expect(fresh.statusCode).toBe(206);

    const head = await request('HEAD', stored.videoUrl);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(BYTES.length));
    expect(head.headers['content-type']).toBe('video/mp4');
    expect(head.rawPayload.length).toBe(0);
    const headRange = await request('HEAD', stored.videoUrl, { range: 'bytes=0-9' });
    expect(headRange.statusCode).toBe(206);
    expect(headRange.headers['content-length']).toBe('10');

    const notModified = await get(stored.videoUrl, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers['cache-control']).toBe(IMMUTABLE);
    expect((await get(stored.videoUrl, { 'if-none-match': '"x"' })).statusCode).toBe(200);

    const privateHead = await storedVideo('private');
    expect((await request('HEAD', privateHead.videoUrl)).statusCode).toBe(404);
  });

  it('names the type of every container a video may be stored in', async () => {
    for (const ext of ['webm', 'mov', 'mkv', 'ogv']) {
      const { id, videoUrl } = await storedVideo('public');
      const key = `${videoUrl.slice('/media/'.length, videoUrl.lastIndexOf('/') + 1)}video.${ext}`;
      await t.database.db
        .updateTable('videos')
        .set({ video_key: key })
        .where('id', '=', id)
        .execute();
      await writeMedia(key);
      const res = await get(`/media/${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        {
          webm: 'video/webm',
          mov: 'video/quicktime',
          mkv: 'video/x-matroska',
          ogv: 'video/ogg',
        }[ext],
      );
    }
  });
});

async function ownerRow() {
  return t.database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', owner.user._id)
    .executeTakeFirstOrThrow();
}
