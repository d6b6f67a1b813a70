import { describe, expect, it } from 'vitest';
import { shareUrl } from './share-url';

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
