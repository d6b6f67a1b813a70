import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { multipart, signedInUser } from './helpers/fixtures.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * The read paths of sharing (link previews, oEmbed, Atom feeds, the sitemap, captions) hide a
 * blocked video and a suspended account's channel like every other read path: they read the
 * stored visibility, and the channel's state, with no rule of their own.
 */
let t: TestApp;
let dist: string;
let creator: SignedIn;
let follower: SignedIn;
let admin: SignedIn;
let videoId: string;
const TITLE = 'Remarkable lighthouse tour';

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-dist-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Vidshare</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webDistDir: dist });
  creator = await signedInUser(t.server, 'keeper');
  follower = await signedInUser(t.server, 'follower');
  admin = await staffUser(t, 'admin');
  videoId = await insertVideo(t, creator.user._id, { title: TITLE });
  await call(t, 'POST', `/subscriptions/u/${creator.user._id}`, { cookie: follower.cookie });
  const caption = multipart({
    language: 'en',
    file: {
      filename: 'en.vtt',
      contentType: 'text/vtt',
      data: Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n'),
    },
  });
  const added = await t.server.inject({
    method: 'POST',
    url: `/api/v1/videos/${videoId}/captions`,
    headers: { ...caption.headers, cookie: creator.cookie },
    payload: caption.payload,
  });
  expect(added.statusCode).toBeLessThan(300);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) =>
  t.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const oembed = () =>
  get(`/api/v1/oembed?url=${encodeURIComponent(`http://localhost:80/watch/${videoId}`)}`);

/** The address of the video's caption file as a follower is given it (before any hiding). */
async function captionFileUrl(): Promise<string> {
  const res = await get(`/api/v1/videos/${videoId}/captions`, follower.cookie);
  expect(res.statusCode).toBe(200);
  const [caption] = res.json().data as { url: string }[];
  return new URL(caption!.url, 'http://localhost').pathname;
}

async function subscriptionFeedUrl(): Promise<string> {
  const res = await call(t, 'POST', '/users/feed-token', { cookie: follower.cookie });
  expect(res.statusCode).toBeLessThan(300);
  // A path on this site, with its token.
  return res.json().data.url as string;
}

describe('a blocked video, where it is shared', () => {
  it('leaves link previews, oEmbed, feeds, the sitemap and captions at once', async () => {
    const feedUrl = await subscriptionFeedUrl();
    // Read once before, so anything kept between requests would show through after.
    expect((await oembed()).statusCode).toBe(200);
    expect((await get(`/watch/${videoId}`)).body).toContain(TITLE);
    expect((await get('/feeds/videos.xml')).body).toContain(TITLE);
    expect((await get(feedUrl)).body).toContain(TITLE);
    expect((await get('/sitemap.xml?page=1')).body).toContain(videoId);
    expect((await get(`/api/v1/videos/${videoId}/captions`, follower.cookie)).statusCode).toBe(200);
    const captionFile = await captionFileUrl();
    expect((await get(captionFile, follower.cookie)).statusCode).toBe(200);

    const blocked = await call(t, 'POST', `/admin/videos/${videoId}/block`, {
      cookie: admin.cookie,
      body: { reason: 'Trespassing' },
    });
    expect(blocked.statusCode).toBe(200);

    expect((await oembed()).statusCode).toBe(404);
    for (const page of [`/watch/${videoId}`, `/embed/${videoId}`]) {
      expect((await get(page)).body, page).not.toContain(TITLE);
    }
    expect((await get('/feeds/videos.xml')).body).not.toContain(TITLE);
    expect((await get(`/feeds/videos.xml?channel=${creator.username}`)).body).not.toContain(TITLE);
    expect((await get(feedUrl)).body).not.toContain(TITLE);
    expect((await get('/sitemap.xml?page=1')).body).not.toContain(videoId);
    expect((await get(`/api/v1/videos/${videoId}/captions`, follower.cookie)).statusCode).toBe(404);
    // The caption file's bytes are gone at the address handed out before, for anyone.
    expect((await get(captionFile, follower.cookie)).statusCode).toBe(404);
    expect((await get(captionFile)).statusCode).toBe(404);
    // Its owner still reads its captions.
    expect((await get(`/api/v1/videos/${videoId}/captions`, creator.cookie)).statusCode).toBe(200);

    await call(t, 'POST', `/admin/videos/${videoId}/unblock`, { cookie: admin.cookie });
    expect((await oembed()).statusCode).toBe(200);
    expect((await get('/feeds/videos.xml')).body).toContain(TITLE);
  });
});

describe('a suspended account, where it is shared', () => {
  it('loses its channel’s feed and link preview, and its feed link reads nothing', async () => {
    const ownFeed = async () => {
      const res = await call(t, 'POST', '/users/feed-token', { cookie: creator.cookie });
      return res.json().data.url as string;
    };
    const creatorsFeed = await ownFeed();
    expect((await get(creatorsFeed)).statusCode).toBe(200);
    const channelFeed = `/feeds/videos.xml?channel=${creator.username}`;
    expect((await get(channelFeed)).statusCode).toBe(200);
    expect((await get(`/username/${creator.username}`)).body).toContain(creator.fullName);
    expect((await get(`/watch/${videoId}`)).body).toContain(TITLE);
    expect((await get('/sitemap.xml?page=1')).body).toContain(videoId);
    const captionFile = await captionFileUrl();

    await call(t, 'POST', `/admin/users/${creator.user._id}/suspend`, {
      cookie: admin.cookie,
      body: { reason: 'Spam' },
    });
    expect((await get(channelFeed)).statusCode).toBe(404);
    expect((await get(`/username/${creator.username}`)).body).not.toContain(creator.fullName);
    expect((await oembed()).statusCode).toBe(404);
    expect((await get(creatorsFeed)).statusCode).toBe(404);
    // Its videos leave every shared read path too.
    for (const page of [`/watch/${videoId}`, `/embed/${videoId}`]) {
      expect((await get(page)).body, page).not.toContain(TITLE);
    }
    expect((await get('/feeds/videos.xml')).body).not.toContain(TITLE);
    expect((await get('/sitemap.xml?page=1')).body).not.toContain(videoId);
    expect((await get(`/api/v1/videos/${videoId}/captions`, follower.cookie)).statusCode).toBe(404);
    expect((await get(captionFile, follower.cookie)).statusCode).toBe(404);

    await call(t, 'POST', `/admin/users/${creator.user._id}/unsuspend`, { cookie: admin.cookie });
    expect((await get(channelFeed)).statusCode).toBe(200);
    expect((await oembed()).statusCode).toBe(200);
    expect((await get('/sitemap.xml?page=1')).body).toContain(videoId);
    expect((await get(`/api/v1/videos/${videoId}/captions`, follower.cookie)).statusCode).toBe(200);
  });
});
