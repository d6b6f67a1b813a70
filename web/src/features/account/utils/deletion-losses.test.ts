import { describe, expect, it } from 'vitest';
import { deletionLosses } from './deletion-losses';

const base = {
  username: 'ada',
  videos: 3,
  subscribers: 1,
  hasPassword: true,
  totpEnabled: false,
};

describe('deletionLosses', () => {
  it('names the channel and counts videos and subscribers', () => {
    const lines = deletionLosses(base);
    expect(lines[0]).toContain('@ada');
    expect(lines[1]).toMatch(/^Your 3 videos, public, unlisted and private, with every file/);
    expect(lines).toContain('Your 1 subscriber: they will no longer be subscribed');
    expect(lines.at(-1)).toBe('Your sign-ins on every device, your password');
  });

  it('says when there is nothing of a kind, and leaves out counts it does not know', () => {
    const none = deletionLosses({ ...base, videos: 0, subscribers: 0 });
    expect(none[1]).toMatch(/^Your videos \(you have none now\)/);
    expect(none).toContain('Your channel’s subscriptions (it has no subscribers now)');
    const unknown = deletionLosses({ ...base, videos: undefined });
    expect(unknown[1]).toMatch(/^Your videos, with every file/);
  });

  it('lists two-factor sign-in, and no password for an account that signs in with Google', () => {
    const lines = deletionLosses({ ...base, hasPassword: false, totpEnabled: true });
    expect(lines.at(-1)).toBe(
      'Your sign-ins on every device, two-factor sign-in and its recovery codes',
    );
  });
});
