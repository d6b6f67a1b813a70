import { describe, expect, it } from 'vitest';
import { MediaUrls, RELATIVE_MEDIA_URLS } from './media-urls.js';

const urls = new MediaUrls({
  public: 'https://cdn.example/media',
  app: 'https://app.example/media',
});
const prefix = 'videos/6b03ff6c810927b317b671d8/0123456789abcdef/';

describe('MediaUrls', () => {
  it('answers relative URLs without bases, and an empty string without a key', () => {
    expect(RELATIVE_MEDIA_URLS.shared('images/a.webp')).toBe('/media/images/a.webp');
    expect(RELATIVE_MEDIA_URLS.ofVideo(`${prefix}video.mp4`, 'private')).toBe(
      `/media/${prefix}video.mp4`,
    );
    expect(urls.shared(null)).toBe('');
    expect(urls.ofVideo(null, 'public')).toBe('');
  });
  it('puts pictures and public or unlisted video files on the public base', () => {
    expect(urls.shared('images/a.webp')).toBe('https://cdn.example/media/images/a.webp');
    for (const visibility of ['public', 'unlisted'] as const) {
      expect(urls.ofVideo(`${prefix}hls/master.m3u8`, visibility)).toBe(
        `https://cdn.example/media/${prefix}hls/master.m3u8`,
      );
    }
  });
  it('keeps private video files and any raw upload on the app', () => {
    expect(urls.ofVideo(`${prefix}video.mp4`, 'private')).toBe(
      `https://app.example/media/${prefix}video.mp4`,
    );
    expect(urls.ofVideo(`${prefix}original.mov`, 'public')).toBe(
      `https://app.example/media/${prefix}original.mov`,
    );
  });
  it('keeps caption files on the app, where <track> needs no CORS', () => {
    expect(urls.onApp(`${prefix}captions/en-0a1b2c3d4e5f.vtt`)).toBe(
      `https://app.example/media/${prefix}captions/en-0a1b2c3d4e5f.vtt`,
    );
    expect(RELATIVE_MEDIA_URLS.onApp(`${prefix}captions/en-0a1b2c3d4e5f.vtt`)).toBe(
      `/media/${prefix}captions/en-0a1b2c3d4e5f.vtt`,
    );
  });
});
