import { describe, expect, it } from 'vitest';
import {
  contentTypeOfKey,
  imageKey,
  isOwnerOnlyName,
  MEDIA_TOKEN_PATTERN,
  mediaKeyFromRequestTarget,
  newMediaToken,
  originalKey,
  parseMediaKey,
  thumbnailKey,
  videoFileKey,
  videoPrefix,
} from './media-keys.js';

const ID = '65a1b2c3d4e5f60718293a4b';
const TOKEN = '0123456789abcdef';

describe('media keys', () => {
  it('builds every key of a video under its prefix', () => {
    expect(MEDIA_TOKEN_PATTERN.test(newMediaToken())).toBe(true);
    expect(newMediaToken()).not.toBe(newMediaToken());
    expect(videoPrefix(ID, TOKEN)).toBe(`videos/${ID}/${TOKEN}/`);
    expect(videoFileKey(ID, TOKEN, 'webm')).toBe(`videos/${ID}/${TOKEN}/video.webm`);
    expect(originalKey(ID, TOKEN, 'mov')).toBe(`videos/${ID}/${TOKEN}/original.mov`);
    const thumb = thumbnailKey(ID, TOKEN);
    expect(thumb).toMatch(new RegExp(`^videos/${ID}/${TOKEN}/thumbnail-[0-9a-f]{12}\\.webp$`));
    expect(thumbnailKey(ID, TOKEN)).not.toBe(thumb);
    expect(imageKey(ID)).toBe(`images/${ID}.webp`);
  });

  it('parses every kind of key it builds', () => {
    expect(parseMediaKey(`videos/${ID}/${TOKEN}/hls/720p/segment-001.ts`)).toEqual({
      kind: 'video-prefixed',
      key: `videos/${ID}/${TOKEN}/hls/720p/segment-001.ts`,
      videoId: ID,
      token: TOKEN,
      name: 'hls/720p/segment-001.ts',
    });
    expect(parseMediaKey(`images/${ID}.webp`)).toEqual({ kind: 'image', key: `images/${ID}.webp` });
    for (const key of [
      thumbnailKey(ID, TOKEN),
      originalKey(ID, TOKEN, 'mkv'),
      `videos/${ID}/${TOKEN}/storyboard.vtt`,
      `videos/${ID}/${TOKEN}/hls/master.m3u8`,
    ]) {
      expect(parseMediaKey(key)?.kind).toBe('video-prefixed');
    }
  });

  it('refuses keys that are not in canonical form', () => {
    for (const key of [
      '',
      'videos',
      'videos/',
      `videos/${ID}`,
      // A video file outside any prefix names no file of a video.
      `videos/${ID}.mp4`,
      `videos/${ID}.webm`,
      `videos/${ID}.exe`,
      `videos/${ID}.MP4`,
      `videos/${ID}/${TOKEN}`,
      `videos/${ID}/${TOKEN}/`,
      `videos/${ID}/${TOKEN}//video.mp4`,
      `videos/${ID}/${TOKEN}/./video.mp4`,
      `videos/${ID}/${TOKEN}/../${TOKEN}/video.mp4`,
      `videos/${ID}/${TOKEN}/.hidden`,
      `videos/${ID}/${TOKEN}/video..mp4`,
      `videos/${ID}/${TOKEN}/video.mp4.`,
      `videos/${ID}/${TOKEN}/Video.mp4`,
      `videos/${ID}/${TOKEN}/a/b/c/d/e`,
      `videos/${ID}/0123/video.mp4`,
      `videos/${ID.toUpperCase()}/${TOKEN}/video.mp4`,
      `videos/x${ID}/${TOKEN}/video.mp4`,
      `images/${ID}.png`,
      `images/${ID}.webp/`,
      `images/sub/${ID}.webp`,
      `other/${ID}.webp`,
      `videos/${ID}/${TOKEN}/${'a'.repeat(400)}`,
    ]) {
      expect(parseMediaKey(key), key).toBeUndefined();
    }
  });

  it('reads a key only from the canonical spelling of a request target', () => {
    const key = `videos/${ID}/${TOKEN}/video.mp4`;
    expect(mediaKeyFromRequestTarget(`/media/${key}`)?.key).toBe(key);
    for (const target of [
      `/media//${key}`,
      `/media/${key}/`,
      `/media/${key}?`,
      `/media/${key}?x=1`,
      `/media/${key}#a`,
      `/media/videos/${ID}/${TOKEN}/video%2Emp4`,
      `/media/videos%2F${ID}/${TOKEN}/video.mp4`,
      `/media/videos/${ID}/${TOKEN}%2Fvideo.mp4`,
      `/media/videos/${ID}/${TOKEN}/%76ideo.mp4`,
      `/media/videos\\${ID}/${TOKEN}/video.mp4`,
      `/media/videos/${ID}/${TOKEN}/video.mp4\0`,
      `/media/videos/${ID}/${TOKEN}/video.mp4 `,
      `/media/./${key}`,
      `/media/videos/../${key}`,
      `/media/videos/${ID}/./${TOKEN}/video.mp4`,
      `/MEDIA/${key}`,
      `/media${key}`,
      `//media/${key}`,
      `/media/`,
      `/media/videos/${ID}.mp4`,
    ]) {
      expect(mediaKeyFromRequestTarget(target), target).toBeUndefined();
    }
  });

  it('marks only the raw upload as owner-only', () => {
    expect(isOwnerOnlyName('original.mp4')).toBe(true);
    expect(isOwnerOnlyName('video.mp4')).toBe(false);
    expect(isOwnerOnlyName('hls/original.mp4')).toBe(false);
    expect(isOwnerOnlyName('thumbnail-abc.webp')).toBe(false);
  });

  it('names the content type of every kind of media file', () => {
    const cases: Record<string, string> = {
      'a/video.mp4': 'video/mp4',
      'a/init.mp4': 'video/mp4',
      'a/original.mov': 'video/quicktime',
      'a/video.webm': 'video/webm',
      'a/video.mkv': 'video/x-matroska',
      'a/video.ogv': 'video/ogg',
      'a/hls/master.m3u8': 'application/vnd.apple.mpegurl',
      'a/hls/720p/seg-1.m4s': 'video/iso.segment',
      'a/hls/720p/seg-1.ts': 'video/mp2t',
      'a/storyboard.vtt': 'text/vtt; charset=utf-8',
      'a/storyboard.jpg': 'image/jpeg',
      'a/poster.jpg': 'image/jpeg',
      'images/x.webp': 'image/webp',
      'a/b.unknown': 'application/octet-stream',
      'a.dir/noext': 'application/octet-stream',
    };
    for (const [key, type] of Object.entries(cases)) expect(contentTypeOfKey(key), key).toBe(type);
  });
});
