import type { ChannelProfile, VideoDetail } from '@contract';
import { describe, expect, it } from 'vitest';
import { applySubscriptionToChannel, applySubscriptionToVideo } from './apply-subscription';

const video: VideoDetail = {
  _id: 'v1',
  title: 'Title',
  description: 'Description',
  thumbnail: '/media/t.jpg',
  videoFile: '/media/v.mp4',
  duration: 12,
  views: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  hashtag: '#tag',
  isPublished: true,
  visibility: 'public',
  owner: { _id: 'c1', username: 'ada', avatar: '/media/a.jpg' },
  status: 'ready',
  playable: true,
  processingProgress: 100,
  processingError: null,
  hlsUrl: null,
  storyboardUrl: null,
  blockedReason: null,
  commentsMode: 'open',
  subscribersCount: 4,
  isLikedByUser: false,
  isDislikedByUser: false,
  isSubscribedByUser: false,
  likesCount: 0,
  queuePosition: null,
  chapters: [],
};

const channel: ChannelProfile = {
  _id: 'c1',
  username: 'ada',
  fullName: 'Ada Lovelace',
  bio: '',
  avatar: '/media/a.jpg',
  coverImage: '',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  subscribersCount: 4,
  videosCount: 1,
  isSubscribed: false,
  ownVideos: null,
};

describe('applySubscriptionToVideo', () => {
  it('takes the state and count from the server answer for the owner of the video', () => {
    const next = applySubscriptionToVideo(video, 'c1', { isSubscribed: true, subscribersCount: 5 });
    expect(next.isSubscribedByUser).toBe(true);
    expect(next.subscribersCount).toBe(5);
    expect(video.subscribersCount).toBe(4);
  });

  it('leaves videos of other channels untouched', () => {
    const next = applySubscriptionToVideo(video, 'c2', { isSubscribed: true, subscribersCount: 9 });
    expect(next).toBe(video);
  });
});

describe('applySubscriptionToChannel', () => {
  it('updates the matching channel', () => {
    const next = applySubscriptionToChannel({ ...channel, isSubscribed: true }, 'c1', {
      isSubscribed: false,
      subscribersCount: 3,
    });
    expect(next.isSubscribed).toBe(false);
    expect(next.subscribersCount).toBe(3);
  });

  it('leaves other channels untouched', () => {
    expect(
      applySubscriptionToChannel(channel, 'zz', { isSubscribed: true, subscribersCount: 1 }),
    ).toBe(channel);
  });
});
