import { describe, expect, it } from 'vitest';
import { channelVideoCount } from './video-count';

describe('channelVideoCount', () => {
  it('counts the public videos for everyone but the owner', () => {
    expect(channelVideoCount({ videosCount: 2, ownVideos: null })).toEqual({
      count: '2 videos',
      hidden: null,
    });
  });

  it('counts every video the owner sees, naming the unlisted and private ones', () => {
    expect(
      channelVideoCount({ videosCount: 2, ownVideos: { total: 5, unlisted: 1, private: 2 } }),
    ).toEqual({ count: '5 videos', hidden: '1 unlisted, 2 private' });
    expect(
      channelVideoCount({ videosCount: 2, ownVideos: { total: 3, unlisted: 1, private: 0 } }),
    ).toEqual({ count: '3 videos', hidden: '1 unlisted' });
  });

  it('names nothing when all of the owner’s videos are public', () => {
    expect(
      channelVideoCount({ videosCount: 1, ownVideos: { total: 1, unlisted: 0, private: 0 } }),
    ).toEqual({ count: '1 video', hidden: null });
  });
});
