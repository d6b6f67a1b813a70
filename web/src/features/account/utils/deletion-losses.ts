/** What the account holds that its deletion removes, as the confirmation page lists it. */
export interface AccountHoldings {
  username: string;
  /** Every video of the account, private and unlisted included; undefined while unknown. */
  videos: number | undefined;
  subscribers: number;
  hasPassword: boolean;
  totpEnabled: boolean;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The lines of "what will be lost", in the order people care about: what others see of them
 * first, then what only they had. Counts only where the page knows them.
 */
export function deletionLosses(h: AccountHoldings): string[] {
  const videos =
    h.videos === undefined
      ? 'Your videos'
      : h.videos === 0
        ? 'Your videos (you have none now)'
        : `Your ${count(h.videos, 'video', 'videos')}, public, unlisted and private`;
  return [
    `Your channel @${h.username}: its page, name, bio, picture and banner`,
    `${videos}, with every file of them (the originals, what was made to play them, thumbnails), and their comments, likes and statistics`,
    'Your comments and replies on other videos, with the replies others wrote to your comments',
    'Your likes and dislikes, and the channels you subscribe to',
    h.subscribers === 0
      ? 'Your channel’s subscriptions (it has no subscribers now)'
      : `Your ${count(h.subscribers, 'subscriber', 'subscribers')}: they will no longer be subscribed`,
    'Your watch history and where you stopped in each video',
    'Your playlists and Watch later, your notifications and their settings',
    [
      'Your sign-ins on every device',
      h.hasPassword ? 'your password' : null,
      h.totpEnabled ? 'two-factor sign-in and its recovery codes' : null,
    ]
      .filter(Boolean)
      .join(', '),
  ];
}
