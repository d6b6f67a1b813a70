import { describe, expect, it } from 'vitest';
import { shareEmbedCode, shareUrl } from './share-url';

describe('shareUrl', () => {
  it('joins the origin and the watch path', () => {
    expect(shareUrl('https://videos.example', 'abc123')).toBe(
      'https://videos.example/watch/abc123',
    );
  });

  it('does not double a trailing slash', () => {
    expect(shareUrl('http://localhost:4100/', 'x')).toBe('http://localhost:4100/watch/x');
  });

  it('encodes odd ids', () => {
    expect(shareUrl('http://h', 'a/b')).toBe('http://h/watch/a%2Fb');
  });
});

describe('start times and embed code', () => {
  it('adds ?t= from a whole second on', () => {
    expect(shareUrl('https://v.example', 'abc', 90.4)).toBe('https://v.example/watch/abc?t=1m30s');
    expect(shareUrl('https://v.example', 'abc', 0.5)).toBe('https://v.example/watch/abc');
  });

  it('embeds the video in an iframe, starting where asked', () => {
    const code = shareEmbedCode('https://v.example/', 'abc', 'A "title"', 20);
    expect(code).toContain('src="https://v.example/embed/abc?start=20"');
    expect(code).toContain('title="A &#34;title&#34;"');
    expect(shareEmbedCode('https://v.example', 'abc', 't')).toContain(
      'src="https://v.example/embed/abc"',
    );
  });
});
