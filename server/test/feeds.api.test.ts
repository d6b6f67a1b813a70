import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { apiCall } from './helpers/api-client.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * Atom feeds (instance, channel, private subscriptions), the sitemap and robots.txt: valid XML
 * (checked by a parser), the right types, ETags, and public videos only.
 */
let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
const v = {} as Record<'pub' | 'hostile' | 'priv' | 'unlisted' | 'processing' | 'bobs', string>;
const HOSTILE = `<script>alert("x")</script> ]]> & \u0001 'quoted' 🎥`;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t.server, 'alice');
  bob = await signedInUser(t.server, 'bob');
  v.pub = await insertVideo(t, alice.user._id, { title: 'Alice public', duration: 61.5 });
  v.hostile = await insertVideo(t, alice.user._id, { title: 'Odd title', description: HOSTILE });
  v.priv = await insertVideo(t, alice.user._id, { title: 'Alice private', visibility: 'private' });
  v.unlisted = await insertVideo(t, alice.user._id, {
    title: 'Alice unlisted',
    visibility: 'unlisted',
  });
  // An upload still processing is private until it plays, whatever its owner chose.
  v.processing = await insertVideo(t, alice.user._id, {
    title: 'Alice processing',
    visibility: 'private',
    pending_visibility: 'public',
    status: 'processing',
    playable: 0,
  });
  v.bobs = await insertVideo(t, bob.user._id, { title: 'Bob public' });
});
afterAll(async () => {
  await t.close();
});

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' });

async function feed(url: string, headers: Record<string, string> = {}) {
  const res = await t.server.inject({ method: 'GET', url, headers });
  return res;
}

/** The feed parsed, after checking it is well-formed XML. */
function entriesOf(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml);
  return (doc.feed.entry ?? []) as Record<string, unknown>[];
}

const watchIds = (entries: Record<string, unknown>[]) =>
  entries.map((e) => String(e.id).split('/watch/')[1]);

describe('GET /feeds/videos.xml', () => {
  it('is an Atom feed of the latest public videos with enclosures and thumbnails', async () => {
    const res = await feed('/feeds/videos.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const entries = entriesOf(res.body);
    expect(watchIds(entries)).toEqual([v.bobs, v.hostile, v.pub]);
    const pub = entries[2]!;
    const origin = 'http://localhost:80';
    expect(pub.title).toBe('Alice public');
    const links = pub.link as { '@_rel': string; '@_href': string; '@_type': string }[];
    expect(links.find((l) => l['@_rel'] === 'alternate')?.['@_href']).toBe(
      `${origin}/watch/${v.pub}`,
    );
    expect(links.find((l) => l['@_rel'] === 'enclosure')).toMatchObject({
      '@_type': 'video/mp4',
      '@_href': expect.stringMatching(
        new RegExp(`^${origin}/media/videos/${v.pub}/[0-9a-f]{16}/video\\.mp4$`),
      ),
    });
    const group = pub['media:group'] as Record<string, Record<string, string>>;
    expect(group['media:content']).toMatchObject({ '@_duration': '62', '@_type': 'video/mp4' });
    expect(group['media:thumbnail']!['@_url']).toMatch(
      new RegExp(`^${origin}/media/videos/${v.pub}/[0-9a-f]{16}/thumbnail-`),
    );
    expect(pub.author).toMatchObject({ name: alice.username });
  });

  it('escapes every text, so hostile markup stays text', async () => {
    const res = await feed('/feeds/videos.xml');
    expect(res.body).not.toContain('<script>');
    const hostile = entriesOf(res.body).find((e) => String(e.id).endsWith(v.hostile))!;
    expect(hostile.summary).toBe(HOSTILE.replace('\u0001', ''));
  });

  it('answers 304 to a reader that has this version, and a new ETag once it changes', async () => {
    const first = await feed('/feeds/videos.xml');
    const etag = first.headers.etag as string;
    const again = await feed('/feeds/videos.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The video leaves the public: it leaves the feed at once, under a new validator.
    await apiCall(t, 'PATCH', `/videos/${v.pub}`, {
      cookie: alice.cookie,
      payload: { visibility: 'private' },
    });
    const changed = await feed('/feeds/videos.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(watchIds(entriesOf(changed.body))).not.toContain(v.pub);
    await apiCall(t, 'PATCH', `/videos/${v.pub}`, {
      cookie: alice.cookie,
      payload: { visibility: 'public' },
    });
  });

  it('lists one channel’s public videos, and answers 404 for no such channel', async () => {
    const res = await feed(`/feeds/videos.xml?channel=${alice.username}`);
    expect(res.statusCode).toBe(200);
    const entries = entriesOf(res.body);
    expect(watchIds(entries).sort()).toEqual([v.hostile, v.pub].sort());
    expect(parser.parse(res.body).feed.title).toContain(`@${alice.username}`);
    // Even its owner's private, unlisted and processing videos stay out.
    const owned = await feed(`/feeds/videos.xml?channel=${alice.username}`, {
      cookie: alice.cookie,
    });
    expect(watchIds(entriesOf(owned.body)).sort()).toEqual([v.hostile, v.pub].sort());
    expect((await feed('/feeds/videos.xml?channel=nobody-here')).statusCode).toBe(404);
    const twice = await feed(`/feeds/videos.xml?channel=a&channel=b`);
    expect(twice.statusCode).toBe(400);
  });
});

describe('the private subscriptions feed', () => {
  it('needs a session to make or see its link', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await apiCall(t, method as 'GET', '/users/feed-token')).statusCode).toBe(401);
    }
  });

  it('lists the subscribed channels’ public videos by a token that can be reset and removed', async () => {
    await apiCall(t, 'POST', `/subscriptions/u/${alice.user._id}`, { cookie: bob.cookie });
    const none = await apiCall(t, 'GET', '/users/feed-token', { cookie: bob.cookie });
    expect(none.json().data).toEqual({ active: false, createdAt: null, url: null });

    const made = await apiCall(t, 'POST', '/users/feed-token', { cookie: bob.cookie });
    expect(made.statusCode).toBe(200);
    const url = made.json().data.url as string;
    expect(url).toMatch(/^\/feeds\/subscriptions\.xml\?token=[\w-]{43}$/);
    const state = await apiCall(t, 'GET', '/users/feed-token', { cookie: bob.cookie });
    // The link is shown once; afterwards only that it exists.
    expect(state.json().data).toMatchObject({ active: true, url: null });

    const res = await feed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(watchIds(entriesOf(res.body)).sort()).toEqual([v.hostile, v.pub].sort());
    // The token never appears in the feed.
    expect(res.body).not.toContain(url.split('token=')[1]);

    const reset = await apiCall(t, 'POST', '/users/feed-token', { cookie: bob.cookie });
    expect((await feed(url)).statusCode).toBe(404);
    const newUrl = reset.json().data.url as string;
    expect((await feed(newUrl)).statusCode).toBe(200);

    const removed = await apiCall(t, 'DELETE', '/users/feed-token', { cookie: bob.cookie });
    expect(removed.json().data).toEqual({ active: false, createdAt: null, url: null });
    expect((await feed(newUrl)).statusCode).toBe(404);
    expect((await feed('/feeds/subscriptions.xml')).statusCode).toBe(404);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('indexes sitemap pages of public watch pages with the video extension', async () => {
    const index = await feed('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(index.body)).toBe(true);
    const locs = parser.parse(index.body).sitemapindex.sitemap;
    expect(locs.loc).toBe('http://localhost:80/sitemap.xml?page=1');

    const page = await feed('/sitemap.xml?page=1');
    expect(XMLValidator.validate(page.body)).toBe(true);
    const urls = parser.parse(page.body).urlset.url as Record<string, unknown>[];
    const watched = urls.map((u) => String(u.loc).split('/watch/')[1]);
    expect(watched.sort()).toEqual([v.pub, v.hostile, v.bobs].sort());
    const one = urls.find((u) => String(u.loc).endsWith(v.pub))!;
    expect(one['video:video']).toMatchObject({
      'video:title': 'Alice public',
      'video:player_loc': `http://localhost:80/embed/${v.pub}`,
      'video:duration': 62,
    });
    expect((await feed('/sitemap.xml?page=2')).statusCode).toBe(404);
    expect((await feed('/sitemap.xml?page=0')).statusCode).toBe(400);
    expect((await feed('/sitemap.xml?page=x')).statusCode).toBe(400);
  });

  it('uses PUBLIC_URL for its links when set', async () => {
    const other = await createTestApp({
      publicUrl: 'https://videos.example',
      mediaBase: { public: 'https://cdn.example/media', app: 'https://videos.example/media' },
    });
    try {
      const robots = await other.server.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain('Sitemap: https://videos.example/sitemap.xml');
    } finally {
      await other.close();
    }
  });

  it('tells crawlers what to skip, and where the sitemap is', async () => {
    const res = await feed('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /feeds/subscriptions.xml');
    expect(res.body).toContain('Sitemap: http://localhost:80/sitemap.xml');
  });
});
