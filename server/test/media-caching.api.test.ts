import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaRepository } from '../src/repositories/media.repository.js';
import { VideoMedia } from '../src/services/video-media.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { multipart, signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';

/**
 * Public media are cached for a bounded time (MEDIA_MAX_AGE_SECONDS, an hour by default) rather
 * than a year, and a video that becomes visible to fewer people (public to unlisted or private,
 * unlisted to private) takes its URLs back at once: its files move to a new prefix, so the old
 * URLs answer 404 at the origin, and a CDN stops serving them when its copy expires (or is
 * purged).
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'caching');
  stranger = await signedInUser(t.server, 'passerby');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function edit(id: string, fields: Record<string, string>) {
  const body = multipart(fields);
  const res = await t.server.inject({
    method: 'PATCH',
    url: `/api/v1/videos/${id}`,
    payload: body.payload,
    headers: { ...body.headers, cookie: owner.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { videoFile: string; thumbnail: string; hlsUrl: string | null };
}

const urlsOf = (v: { videoFile: string; thumbnail: string; hlsUrl: string | null }) =>
  [v.videoFile, v.thumbnail, v.hlsUrl].filter((u): u is string => Boolean(u));

describe('public media caching', () => {
  it('is bounded to an hour by default', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'public' });
    for (const url of urlsOf(v)) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=3600, immutable');
    }
  });

  it('follows MEDIA_MAX_AGE_SECONDS, and 0 makes caches ask every time', async () => {
    for (const [seconds, expected] of [
      [120, 'public, max-age=120, immutable'],
      [0, 'public, no-cache'],
    ] as const) {
      const other = await createTestApp({ mediaMaxAgeSeconds: seconds });
      try {
        const me = await signedInUser(other.server, 'maxage');
        const v = await publishVideo(other, me.cookie, { visibility: 'public' });
        const res = await other.server.inject({ method: 'GET', url: v.thumbnail });
        expect(res.headers['cache-control']).toBe(expected);
      } finally {
        await other.close();
      }
    }
  });
});

describe('a video visible to fewer people', () => {
  it('takes its URLs back when it goes from public to unlisted', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'public' });
    const before = urlsOf(v);
    const after = await edit(v._id, { visibility: 'unlisted' });
    for (const url of before) {
      for (const cookie of [undefined, stranger.cookie, owner.cookie]) {
        expect((await get(url, cookie)).statusCode, url).toBe(404);
      }
    }
    // Unlisted plays by link for anyone, from the new URLs, cached like public media.
    for (const url of urlsOf(after)) {
      expect(before).not.toContain(url);
      const res = await get(url, stranger.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=3600, immutable');
    }
  });

  it('keeps its URLs when it becomes visible to more people', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'private' });
    const unlisted = await edit(v._id, { visibility: 'unlisted' });
    expect(urlsOf(unlisted)).toEqual(urlsOf(v));
    const made = await edit(v._id, { visibility: 'public' });
    expect(urlsOf(made)).toEqual(urlsOf(v));
    for (const url of urlsOf(made)) expect((await get(url)).statusCode).toBe(200);
  });

  it('takes them back again from unlisted to private', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'unlisted' });
    const hidden = await edit(v._id, { visibility: 'private' });
    for (const url of urlsOf(v)) expect((await get(url, owner.cookie)).statusCode).toBe(404);
    for (const url of urlsOf(hidden)) expect((await get(url, owner.cookie)).statusCode).toBe(200);
  });
});

describe('VideoMedia.rotateToken', () => {
  it('is the one way to take a video’s URLs back, for any rule that hides it', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'public' });
    const media = new VideoMedia({ blobs: t.blobs, media: new MediaRepository(t.database.db) });
    await media.rotateToken(v._id);
    for (const url of urlsOf(v)) expect((await get(url)).statusCode, url).toBe(404);
    const now = await get(`/api/v1/videos/vid-id/${v._id}`);
    const fresh = now.json().data as { videoFile: string; thumbnail: string; hlsUrl: string };
    for (const url of urlsOf(fresh)) {
      expect(urlsOf(v)).not.toContain(url);
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});
