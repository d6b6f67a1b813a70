import { describe, expect, it } from 'vitest';
import { videoIdOfUrl } from './link-previews.js';

describe('videoIdOfUrl', () => {
  const id = 'c'.repeat(24);
  it('reads watch and embed URLs of this site only', () => {
    expect(videoIdOfUrl(`https://v.example/watch/${id}?t=30`, 'https://v.example')).toBe(id);
    expect(videoIdOfUrl(`https://v.example/embed/${id}`, 'https://v.example')).toBe(id);
    expect(videoIdOfUrl(`https://evil.example/watch/${id}`, 'https://v.example')).toBeUndefined();
    expect(videoIdOfUrl(`http://v.example/watch/${id}`, 'https://v.example')).toBe(id);
    expect(videoIdOfUrl(`ftp://v.example/watch/${id}`, 'https://v.example')).toBeUndefined();
    expect(videoIdOfUrl('https://v.example/username/bob', 'https://v.example')).toBeUndefined();
    expect(videoIdOfUrl('not a url', 'https://v.example')).toBeUndefined();
  });
});
