import type { ChannelProfile, SessionUser } from '@contract';
import { notFound } from '../lib/errors.js';
import type { IdentityRepository } from '../repositories/identity.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import type { UsernameRedirectRepository } from '../repositories/username-redirect.repository.js';
import { isChannelHidden } from '../rules/account-visibility.js';
import type { MediaUrls } from './media-urls.js';
import { toChannelProfile, toSessionUser } from '../mappers/user.mapper.js';

type OwnVideos = NonNullable<ChannelProfile['ownVideos']>;

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly identities: IdentityRepository,
    private readonly urls: MediaUrls,
    private readonly redirects: UsernameRedirectRepository,
    private readonly now: () => number,
  ) {}

  async sessionUser(row: UserRow): Promise<SessionUser> {
    const [subscribers, providers, security] = await Promise.all([
      this.users.countSubscribers(row.id),
      this.identities.providersOf(row.id),
      this.users.securityOf(row.id),
    ]);
    return toSessionUser(row, subscribers, providers, security, this.urls);
  }

  /**
   * The channel called `username`, or, when a channel moved away from that name in the last
   * 30 days, `{ movedTo }` with its name now (the route answers a redirect).
   */
  async channelProfile(
    username: string,
    viewer: UserRow,
  ): Promise<ChannelProfile | { movedTo: string }> {
    const name = username.trim().toLowerCase();
    const channel = await this.users.findByUsernameWithCounts(name);
    if (!channel) {
      const moved = await this.redirects.currentName(name, this.now());
      // An old name of a hidden channel says no more than its new name does.
      if (moved && (moved.id === viewer.id || !isChannelHidden(moved))) {
        return { movedTo: moved.username };
      }
      throw notFound('Channel not found.');
    }
    // A suspended account's channel is gone for everyone else until the suspension is lifted.
    if (channel.id !== viewer.id && isChannelHidden(channel)) throw notFound('Channel not found.');
    const own = channel.id === viewer.id;
    const [isSubscribed, counts] = await Promise.all([
      own ? false : this.users.isSubscribed(viewer.id, channel.id),
      own ? this.users.videoCountsByChoice(channel.id) : undefined,
    ]);
    return toChannelProfile(channel, isSubscribed, this.urls, counts && ownVideos(counts));
  }
}

/** The owner's header: every video they see on their channel, and the ones visitors do not. */
function ownVideos(counts: readonly { visibility: string; n: number }[]): OwnVideos {
  const of = (visibility: string) => counts.find((c) => c.visibility === visibility)?.n ?? 0;
  return {
    total: counts.reduce((sum, c) => sum + c.n, 0),
    unlisted: of('unlisted'),
    private: of('private'),
  };
}
