import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { apiCall } from './helpers/api-client.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * Shared links: the server-rendered heads of watch, embed and channel pages, and oEmbed. Only a
 * video a visitor finds in lists is described; private, unlisted and processing ones get the
 * generic head and a 404, to everyone, their owner included (a head is the same for all).
 */
let t: TestApp;
let dist: string;
let alice: Awaited<ReturnType<typeof signedInUser>>;
const v = {} as Record<'pub' | 'priv' | 'unlisted' | 'processing', string>;
const HOSTILE = `Cats "&" <script>alert(1)</script>`;
const SHELL = `<!doctype html>
<html lang="en" class="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Vidshare: watch, share and discuss videos." />
    <title>Vidshare</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), SHELL);
  t = await createTestApp({ webDistDir: dist });
  alice = await signedInUser(t.server, 'alice');
  v.pub = await insertVideo(t, alice.user._id, {
    title: HOSTILE,
    description: 'A <b>bold</b> description\nover lines',
  });
  // A 4:3 thumbnail, as an upload of that shape is kept (inside 1280×720, never enlarged).
  const { thumbnail_key: key } = await t.database.db
    .selectFrom('videos')
    .select('thumbnail_key')
    .where('id', '=', v.pub)
    .executeTakeFirstOrThrow();
  await fs.mkdir(path.dirname(path.join(t.mediaDir, key!)), { recursive: true });
  await fs.writeFile(
    path.join(t.mediaDir, key!),
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
      .webp({ quality: 82 })
      .toBuffer(),
  );
  v.priv = await insertVideo(t, alice.user._id, { title: 'Secret plans', visibility: 'private' });
  v.unlisted = await insertVideo(t, alice.user._id, {
    title: 'Only by link',
    visibility: 'unlisted',
  });
  v.processing = await insertVideo(t, alice.user._id, {
    title: 'Still encoding',
    visibility: 'private',
    pending_visibility: 'public',
    status: 'processing',
    playable: 0,
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

function parsePage(html: string) {
  const metas = new Map<string, string>();
  const links: Record<string, string>[] = [];
  const scripts: Record<string, string>[] = [];
  let title = '';
  let inTitle = false;
  new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'meta')
          metas.set(attrs.name ?? attrs.property ?? attrs.charset ?? '', attrs.content ?? '');
        if (name === 'link') links.push(attrs);
        if (name === 'script') scripts.push(attrs);
        if (name === 'title') inTitle = true;
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true },
  ).end(html);
  return { metas, links, scripts, title };
}

const page = (url: string, headers: Record<string, string> = {}) =>
  t.server.inject({ method: 'GET', url, headers });

describe('page heads', () => {
  it('describe a public video on its watch page, escaped, with the app still loading', async () => {
    const res = await page(`/watch/${v.pub}?t=20`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary ?? '').not.toMatch(/cookie/i);
    expect(res.body).not.toContain('<script>alert');
    const head = parsePage(res.body);
    expect(head.title).toBe(`${HOSTILE} - Vidshare`);
    expect(head.metas.get('og:title')).toBe(HOSTILE);
    expect(head.metas.get('description')).toBe('A <b>bold</b> description over lines');
    const media = `http://localhost:80/media/videos/${v.pub}/[0-9a-f]{16}/`;
    expect(head.metas.get('og:video')).toMatch(new RegExp(`^${media}video\\.mp4$`));
    expect(head.metas.get('og:image')).toMatch(
      new RegExp(`^${media}thumbnail-[0-9a-f]{12}\\.webp$`),
    );
    expect(head.metas.get('twitter:card')).toBe('player');
    expect(head.links.find((l) => l.rel === 'canonical')?.href).toBe(
      `http://localhost:80/watch/${v.pub}`,
    );
    expect(head.links.some((l) => l.type === 'application/json+oembed')).toBe(true);
    // The app's own script is still there, and no inline script was added (CSP script-src 'self').
    expect(head.scripts).toEqual([
      { type: 'module', crossorigin: '', src: '/assets/index-abc.js' },
    ]);
    expect([...head.metas.keys()].filter((k) => k === 'description')).toHaveLength(1);
  });

  it('describe the embed page the same way', async () => {
    const head = parsePage((await page(`/embed/${v.pub}`)).body);
    expect(head.metas.get('og:title')).toBe(HOSTILE);
    expect(head.metas.get('twitter:player')).toBe(`http://localhost:80/embed/${v.pub}`);
  });

  it('reveal nothing of private, unlisted or processing videos, to anyone', async () => {
    for (const id of [v.priv, v.unlisted, v.processing, 'f'.repeat(24)]) {
      for (const cookie of [undefined, alice.cookie]) {
        for (const kind of ['watch', 'embed']) {
          const res = await page(`/${kind}/${id}`, cookie ? { cookie } : {});
          expect(res.statusCode).toBe(200);
          const head = parsePage(res.body);
          expect(head.title).toBe('Vidshare');
          expect(head.metas.has('og:title')).toBe(false);
          expect(res.body).not.toMatch(/Secret plans|Only by link|Still encoding/);
        }
      }
    }
  });

  it('answer 304 to a cache holding the same page, and a new page once the video changes', async () => {
    const first = await page(`/watch/${v.pub}`);
    const etag = first.headers.etag as string;
    expect((await page(`/watch/${v.pub}`, { 'if-none-match': etag })).statusCode).toBe(304);
    await apiCall(t, 'PATCH', `/videos/${v.pub}`, {
      cookie: alice.cookie,
      payload: { visibility: 'private' },
    });
    const hidden = await page(`/watch/${v.pub}`, { 'if-none-match': etag });
    expect(hidden.statusCode).toBe(200);
    expect(parsePage(hidden.body).title).toBe('Vidshare');
    await apiCall(t, 'PATCH', `/videos/${v.pub}`, {
      cookie: alice.cookie,
      payload: { visibility: 'public' },
    });
  });

  it('describe a channel page with its feed', async () => {
    const head = parsePage((await page(`/username/${alice.username}`)).body);
    expect(head.title).toBe(`Test ${alice.username} (@${alice.username}) - Vidshare`);
    expect(head.metas.get('description')).toBe(`1 video by @${alice.username} on Vidshare.`);
    expect(head.links.find((l) => l.type === 'application/atom+xml')?.href).toBe(
      `http://localhost:80/feeds/videos.xml?channel=${alice.username}`,
    );
    expect(parsePage((await page('/username/nobody-at-all')).body).title).toBe('Vidshare');
  });

  it('leave every other page with the shell as built', async () => {
    const res = await page('/search?q=cats');
    expect(res.body).toBe(SHELL);
  });
});

describe('GET /oembed', () => {
  const oembed = (query: string) => apiCall(t, 'GET', `/oembed?${query}`);
  const watchUrl = (id: string) => encodeURIComponent(`http://localhost:80/watch/${id}`);

  it('answers the oEmbed JSON at the top level, with an iframe to the embed page', async () => {
    const res = await oembed(`url=${watchUrl(v.pub)}&format=json`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'video',
      version: '1.0',
      title: HOSTILE,
      author_name: alice.username,
      author_url: `http://localhost:80/username/${alice.username}`,
      provider_name: 'Vidshare',
      width: 640,
      height: 360,
    });
    expect(body).not.toHaveProperty('success');
    // Under the video's new prefix: it went private and back in an earlier test.
    expect(body.thumbnail_url).toMatch(/^http:\/\/localhost:80\/media\/videos\//);
    // Its real size, read from the stored picture.
    expect(body).toMatchObject({ thumbnail_width: 640, thumbnail_height: 480 });
    expect(body.html).toBe(
      `<iframe width="640" height="360" src="http://localhost:80/embed/${v.pub}" title="Cats &#34;&#38;&#34; &#60;script&#62;alert(1)&#60;/script&#62;" frameborder="0" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`,
    );
  });

  it('fits maxwidth and maxheight at 16:9, and takes embed URLs too', async () => {
    const res = await oembed(`url=${watchUrl(v.pub)}&maxwidth=320&maxheight=500`);
    expect(res.json()).toMatchObject({ width: 320, height: 180 });
    // The thumbnail respects them too: larger than either, it is left out, all three fields.
    for (const max of ['maxwidth=320', 'maxheight=479', 'maxwidth=639&maxheight=2000']) {
      const body = (await oembed(`url=${watchUrl(v.pub)}&${max}`)).json();
      expect(
        Object.keys(body).filter((k) => k.startsWith('thumbnail')),
        max,
      ).toEqual([]);
    }
    const fits = (await oembed(`url=${watchUrl(v.pub)}&maxwidth=640&maxheight=480`)).json();
    expect(fits).toMatchObject({ thumbnail_width: 640, thumbnail_height: 480 });
    const embed = await oembed(`url=${encodeURIComponent(`http://localhost:80/embed/${v.pub}`)}`);
    expect(embed.statusCode).toBe(200);
  });

  it('answers 404 for what a visitor may not find, and for other sites', async () => {
    for (const id of [v.priv, v.unlisted, v.processing, 'f'.repeat(24)]) {
      const res = await oembed(`url=${watchUrl(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/Secret plans|Only by link|Still encoding/);
    }
    const signedIn = await apiCall(t, 'GET', `/oembed?url=${watchUrl(v.priv)}`, {
      cookie: alice.cookie,
    });
    expect(signedIn.statusCode).toBe(404);
    const elsewhere = await oembed(
      `url=${encodeURIComponent(`https://elsewhere.example/watch/${v.pub}`)}`,
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses XML (501) and a missing or malformed request (400)', async () => {
    expect((await oembed(`url=${watchUrl(v.pub)}&format=xml`)).statusCode).toBe(501);
    expect((await oembed('format=json')).statusCode).toBe(400);
    expect((await oembed(`url=${watchUrl(v.pub)}&maxwidth=0`)).statusCode).toBe(400);
  });
});

describe('playlist heads', () => {
  it('describe a public playlist, and nothing of a private or unlisted one', async () => {
    const made: Record<string, string> = {};
    for (const visibility of ['public', 'unlisted', 'private'] as const) {
      const res = await apiCall(t, 'POST', '/playlists', {
        cookie: alice.cookie,
        payload: { title: `A ${visibility} list`, description: 'Songs for the road', visibility },
      });
      made[visibility] = res.json().data._id;
      await apiCall(t, 'POST', `/playlists/${made[visibility]}/videos`, {
        cookie: alice.cookie,
        payload: { videoId: v.pub },
      });
      // Videos a visitor may not see are not counted in what a link shows.
      await apiCall(t, 'POST', `/playlists/${made[visibility]}/videos`, {
        cookie: alice.cookie,
        payload: { videoId: v.priv },
      });
    }
    const open = parsePage((await page(`/playlist?list=${made.public}`)).body);
    expect(open.title).toBe('A public list - Vidshare');
    expect(open.metas.get('og:title')).toBe('A public list (1 video)');
    expect(open.metas.get('description')).toBe('Songs for the road');
    expect(open.metas.get('og:image')).toMatch(/^http:\/\/localhost(:\d+)?\/media\/videos\//);
    for (const hidden of [made.unlisted, made.private, '0123456789abcdef01234567']) {
      const head = parsePage(
        (await page(`/playlist?list=${hidden}`, { cookie: alice.cookie })).body,
      );
      expect(head.title).toBe('Vidshare');
      expect(head.metas.has('og:title')).toBe(false);
    }
  });
});
