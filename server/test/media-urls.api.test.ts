import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { publish, publishVideo, uploadFields, videoAsOwner } from './helpers/media.js';

/**
 * With PUBLIC_URL (and a CDN at MEDIA_PUBLIC_URL) every media field in API answers is an absolute
 * URL: public media on the CDN, private media on the app, behind its access check. Media answers
 * may be embedded by other origins; API and HTML answers may not. (Without PUBLIC_URL the fields
 * stay relative: every other API test reads them as `/media/…`.)
 */
const APP = 'https://videos.example';
const CDN = 'https://cdn.example/media';
const CLIENT = 'https://client.example';

let t: TestApp;
let dist: string;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;
let pub: Video;
let priv: Video;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({
    webDistDir: dist,
    publicUrl: APP,
    mediaBase: { public: CDN, app: `${APP}/media` },
    corsOrigins: [CLIENT],
  });
  owner = await signedInUser(t.server, 'urlowner');
  stranger = await signedInUser(t.server, 'urlstranger');
  pub = await publishVideo(t, owner.cookie, { visibility: 'public' });
  priv = await publishVideo(t, owner.cookie, { visibility: 'private' });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.server.inject({ method: 'GET', url, headers });
const api = async (url: string, cookie?: string) => {
  const res = await get(`/api/v1${url}`, cookie ? { cookie } : {});
  expect(res.statusCode, url).toBe(200);
  return res.json().data;
};

/** The path the app serves an absolute URL at, checking it is on `base`. */
function onBase(url: string, base: string): string {
  expect(url.startsWith(`${base}/`), url).toBe(true);
  return `/media/${url.slice(base.length + 1)}`;
}

const onCdn = (url: string) => onBase(url, CDN);
const onApp = (url: string) => onBase(url, `${APP}/media`);

describe('absolute media URLs', () => {
  it('puts a public video’s files and every picture on the public base', async () => {
    for (const url of [pub.thumbnail, pub.videoFile, pub.hlsUrl!, pub.storyboardUrl!]) {
      // The CDN's origin is the app's /media: the same path answers there, to anyone.
      const res = await get(onCdn(url));
      expect(res.statusCode, url).toBe(200);
    }
    expect(onCdn(pub.owner.avatar)).toMatch(/^\/media\/images\//);
    const detail = await api(`/videos/vid-id/${pub._id}`);
    expect(detail.thumbnail).toBe(pub.thumbnail);
    expect(onCdn(detail.owner.avatar)).toBeTruthy();

    const session = (await get('/api/v1/users/check-session', { cookie: owner.cookie })).json();
    const me = session.user ?? session.data?.user ?? session.data;
    onCdn(me.avatar);
    // No cover picture: still the empty string, never a bare base.
    expect(me.coverImage).toBe('');
    const channel = await api(`/users/c/${owner.user.username}`, stranger.cookie);
    onCdn(channel.avatar);
    expect(channel.coverImage).toBe('');

    // A feed's cards (built once and kept per version) carry the same absolute URLs.
    const feed = (await api('/videos/getallvideos')) as Video[];
    const card = feed.find((v) => v._id === pub._id);
    expect(card?.thumbnail).toBe(pub.thumbnail);
    expect(card?.hlsUrl).toBe(pub.hlsUrl);
    onCdn(card!.owner.avatar);
  });

  it('puts a private video’s files on the app, where only the owner gets them', async () => {
    for (const url of [priv.thumbnail, priv.videoFile, priv.hlsUrl!, priv.storyboardUrl!]) {
      const where = onApp(url);
      expect((await get(where)).statusCode, url).toBe(404);
      expect((await get(where, { cookie: stranger.cookie })).statusCode, url).toBe(404);
      const mine = await get(where, { cookie: owner.cookie });
      expect(mine.statusCode, url).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
    }
    // The owner's avatar on it is still a public picture.
    onCdn(priv.owner.avatar);
  });

  it('keeps a raw upload on the app until processing replaces it, whatever the visibility', async () => {
    const res = await publish(t.server, owner.cookie, await uploadFields({ visibility: 'public' }));
    expect(res.statusCode).toBe(201);
    const waiting = await videoAsOwner(t, owner.cookie, (res.json().data as Video)._id);
    expect(waiting.status).toBe('processing');
    onApp(waiting.videoFile);
    onApp(waiting.thumbnail);
    await t.processAll();
    const done = await videoAsOwner(t, owner.cookie, waiting._id);
    onCdn(done.videoFile);
  });

  it('turns URLs in comments, subscriptions and the studio absolute too', async () => {
    const made = await t.server.inject({
      method: 'POST',
      url: `/api/v1/comments/createcomments/u/${pub._id}`,
      headers: { cookie: stranger.cookie },
      payload: { content: 'Lovely colours' },
    });
    expect(made.statusCode).toBe(201);
    onCdn(made.json().data.owner.avatar);
    const comments = (await api(`/comments/getvideocomments/u/${pub._id}`)) as {
      owner: { avatar: string };
    }[];
    expect(comments).toHaveLength(1);
    for (const c of comments) onCdn(c.owner.avatar);

    const sub = await t.server.inject({
      method: 'POST',
      url: `/api/v1/subscriptions/u/${owner.user._id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(sub.statusCode).toBe(200);
    const channels = await api(`/subscriptions/c/${stranger.user._id}`, stranger.cookie);
    for (const c of channels) onCdn(c.channel.avatar);

    const dashboard = await api('/studio/dashboard', owner.cookie);
    onCdn(dashboard.latestComments[0].owner.avatar);
    const latest = dashboard.latestVideo.video as Video;
    (latest.visibility === 'private' ? onApp : onCdn)(latest.thumbnail);
  });
});

describe('cross-origin headers', () => {
  it('lets other origins embed media, and CORS-listed clients fetch it', async () => {
    const res = await get(onCdn(pub.videoFile), { origin: CLIENT, range: 'bytes=0-99' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe(CLIENT);
    const picture = await get(onCdn(pub.owner.avatar));
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const other = await get(onCdn(pub.videoFile), { origin: 'https://elsewhere.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps API and HTML answers same-origin', async () => {
    for (const url of ['/api/v1/videos/getallvideos', '/api/v1/health/live', '/', '/watch/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('lets pages load pictures, video and playlists from the media origins', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      const sources = new RegExp(`${directive} ([^;]*)`).exec(csp)?.[1] ?? '';
      expect(sources.split(' '), directive).toEqual(
        expect.arrayContaining(["'self'", 'https://cdn.example', APP]),
      );
    }
    expect(csp).toContain("script-src 'self'");
  });
});
