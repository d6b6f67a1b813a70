import type { Notification } from '@contract';
import { describe, expect, it } from 'vitest';
import { badgeText, notificationLink, notificationText } from './notification-text';

const base = {
  _id: 'n1',
  read: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  actor: { _id: 'u1', username: 'ana', avatar: '' },
  video: { _id: 'v1', title: 'Sunrise' } as Notification['video'],
};

describe('badgeText', () => {
  it('is empty at zero and caps at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('notificationText and notificationLink', () => {
  it('says who did what, quoting comments', () => {
    expect(notificationText({ ...base, kind: 'new_video' })).toBe('ana uploaded: Sunrise');
    expect(
      notificationText({ ...base, kind: 'comment_reply', comment: { _id: 'c', content: 'Yes!' } }),
    ).toBe('ana replied to your comment: “Yes!”');
    expect(
      notificationText({ ...base, kind: 'video_comment', comment: { _id: 'c', content: 'Nice' } }),
    ).toBe('ana commented on Sunrise: “Nice”');
    expect(notificationText({ ...base, kind: 'processing_done', actor: undefined })).toBe(
      'Your video Sunrise is ready to watch',
    );
  });

  it('leads to the video, or to the studio for a failed upload', () => {
    expect(notificationLink({ ...base, kind: 'new_video' })).toBe('/watch/v1');
    expect(notificationLink({ ...base, kind: 'processing_failed' })).toBe(
      '/stdio/channel/content/v1',
    );
  });
});
