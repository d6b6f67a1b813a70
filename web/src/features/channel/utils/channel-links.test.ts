import { ROUTES } from '@contract';
import { describe, expect, it } from 'vitest';
import { channelUrl, formatJoinDate, studioLink } from './channel-links';

describe('channelUrl', () => {
  it('joins the origin and the channel path', () => {
    expect(channelUrl('https://videos.example', 'ada')).toBe('https://videos.example/username/ada');
  });

  it('does not double a trailing slash and encodes the name', () => {
    expect(channelUrl('http://localhost:4100/', 'a b')).toBe(
      'http://localhost:4100/username/a%20b',
    );
  });
});

describe('studioLink', () => {
  it('keeps the studio path from 640 px up', () => {
    expect(studioLink(ROUTES.studioDashboard, 640)).toBe(ROUTES.studioDashboard);
    expect(studioLink(ROUTES.studioContent, 1280)).toBe(ROUTES.studioContent);
  });

  it('sends narrower screens to the unavailable page', () => {
    expect(studioLink(ROUTES.studioDashboard, 639)).toBe(ROUTES.studioUnavailable);
    expect(studioLink(ROUTES.studioContent, 320)).toBe(ROUTES.studioUnavailable);
  });
});

describe('formatJoinDate', () => {
  it('formats the date with a short month', () => {
    expect(formatJoinDate('2026-03-04T12:00:00.000Z')).toBe('Mar 4, 2026');
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatJoinDate('not a date')).toBe('');
  });
});
