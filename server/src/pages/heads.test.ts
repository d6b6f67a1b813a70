import { describe, expect, it } from 'vitest';
import { Parser } from 'htmlparser2';
import {
  channelHead,
  pageOfPath,
  playlistHead,
  shellTemplate,
  summary,
  videoHead,
} from './heads.js';

const HOSTILE = `"><script>alert(1)</script><meta property="og:title" content="x`;

/** The head's tags as a parser reads them: meta by name or property, links by rel. */
function parseHead(html: string) {
  const metas = new Map<string, string>();
  const links: Record<string, string>[] = [];
  let title = '';
  let inTitle = false;
  const scripts: string[] = [];
  new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'meta') metas.set(attrs.name ?? attrs.property ?? '', attrs.content ?? '');
        if (name === 'link') links.push(attrs);
        if (name === 'title') inTitle = true;
        if (name === 'script') scripts.push(attrs.src ?? 'inline');
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
  return { metas, links, title, scripts };
}

const video = {
  id: 'a'.repeat(24),
  title: HOSTILE,
  description: `Line one\n\n${HOSTILE} ${'long '.repeat(100)}`,
  ownerUsername: 'alice',
  thumbnail: '/media/videos/x/t/thumbnail-1.webp',
  videoFile: 'https://cdn.example/media/videos/x/t/video.mp4',
  duration: 61.6,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('videoHead', () => {
  it('describes the video with OpenGraph, a player card and oEmbed discovery, all escaped', () => {
    const head = parseHead(videoHead('https://v.example', video));
    expect(head.scripts).toEqual([]);
    expect(head.title).toBe(`${HOSTILE} - Vidshare`);
    expect(head.metas.get('og:title')).toBe(HOSTILE);
    expect(head.metas.get('og:image')).toBe('https://v.example/media/videos/x/t/thumbnail-1.webp');
    expect(head.metas.get('og:video')).toBe(video.videoFile);
    expect(head.metas.get('og:video:secure_url')).toBe(video.videoFile);
    expect(head.metas.get('og:video:type')).toBe('video/mp4');
    expect(head.metas.get('twitter:card')).toBe('player');
    expect(head.metas.get('twitter:player')).toBe(`https://v.example/embed/${video.id}`);
    expect(head.metas.get('video:duration')).toBe('62');
    expect(head.metas.get('description')!.startsWith('Line one "><script>')).toBe(true);
    expect([...head.metas.get('description')!].length).toBe(200);
    expect(head.links.find((l) => l.rel === 'canonical')?.href).toBe(
      `https://v.example/watch/${video.id}`,
    );
    const oembed = head.links.find((l) => l.type === 'application/json+oembed');
    expect(oembed?.href).toBe(
      `https://v.example/api/v1/oembed?url=${encodeURIComponent(`https://v.example/watch/${video.id}`)}&format=json`,
    );
    expect(head.links.find((l) => l.type === 'application/atom+xml')?.href).toBe(
      'https://v.example/feeds/videos.xml?channel=alice',
    );
  });
});

describe('channelHead', () => {
  it('names the channel and its video count and links its feed', () => {
    const head = parseHead(
      channelHead('http://localhost:3000', {
        username: 'bob',
        fullName: HOSTILE,
        avatar: '/media/images/b.webp',
        videos: 1,
      }),
    );
    expect(head.title).toBe(`${HOSTILE} (@bob) - Vidshare`);
    expect(head.metas.get('description')).toBe('1 video by @bob on Vidshare.');
    expect(head.metas.get('og:type')).toBe('profile');
    expect(head.metas.get('og:image')).toBe('http://localhost:3000/media/images/b.webp');
  });
});

describe('pageOfPath', () => {
  it('knows watch, embed and channel pages and nothing else', () => {
    const id = 'b'.repeat(24);
    expect(pageOfPath(`/watch/${id}?t=20`)).toEqual({ kind: 'watch', id });
    expect(pageOfPath(`/embed/${id}`)).toEqual({ kind: 'embed', id });
    expect(pageOfPath('/username/J%C3%BCrgen')).toEqual({ kind: 'channel', username: 'Jürgen' });
    expect(pageOfPath('/username/%E0%A4%A')).toBeUndefined();
    expect(pageOfPath('/watch/not-an-id')).toBeUndefined();
    expect(pageOfPath('/search?q=x')).toBeUndefined();
  });

  it('knows a playlist page by its list, and only a playlist id', () => {
    const id = 'c'.repeat(24);
    expect(pageOfPath(`/playlist?list=${id}`)).toEqual({ kind: 'playlist', id });
    expect(pageOfPath(`/playlist?x=1&list=${id}#top`)).toEqual({ kind: 'playlist', id });
    expect(pageOfPath('/playlist?list=watch-later')).toBeUndefined();
    expect(pageOfPath('/playlist')).toBeUndefined();
  });
});

describe('playlistHead', () => {
  it('names the playlist, whose it is and its size, escaped', () => {
    const head = playlistHead('http://localhost:3000', {
      id: 'c'.repeat(24),
      title: 'Road "trip" <3',
      description: '',
      ownerUsername: 'ana',
      ownerName: 'Ana',
      videos: 1,
      thumbnail: '/media/videos/x/t/thumbnail.webp',
    });
    expect(head).toContain('<title>Road &quot;trip&quot; &lt;3 - Vidshare</title>');
    expect(head).toContain('content="A playlist of 1 video by @ana on Vidshare."');
    expect(head).toContain(`href="http://localhost:3000/playlist?list=${'c'.repeat(24)}"`);
    expect(head).toContain('content="http://localhost:3000/media/videos/x/t/thumbnail.webp"');
  });
});

describe('shellTemplate', () => {
  it('puts the head where the shell’s own title and description were', () => {
    const shell =
      '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="x" />' +
      '<title>Vidshare</title><script type="module" src="/assets/a.js"></script></head><body></body></html>';
    const page = shellTemplate(shell).render('<title>T</title>');
    expect(page).toBe(
      '<!doctype html><html><head><meta charset="UTF-8" /><title>T</title><script type="module" src="/assets/a.js"></script></head><body></body></html>',
    );
    expect(shellTemplate('<div id="root"></div>').render('<title>T</title>')).toBe(
      '<head><title>T</title></head><div id="root"></div>',
    );
  });

  it('cuts long descriptions on a character, not inside one', () => {
    expect(summary('🎥'.repeat(300))).toBe(`${'🎥'.repeat(199)}…`);
  });
});
