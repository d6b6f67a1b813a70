import type { ChannelProfile, SessionUser } from '@contract';

type OwnVideos = NonNullable<ChannelProfile['ownVideos']>;
import { notFound } from '../lib/errors.js';
import type { IdentityRepository } from '../repositories/identity.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import type { MediaUrls } from './media-urls.js';
import { toChannelProfile, toSessionUser } from './user.mapper.js';

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly identities: IdentityRepository,
    private readonly urls: MediaUrls,
  ) {}

  async sessionUser(row: UserRow): Promise<SessionUser> {
    const [subscribers, providers] = await Promise.all([
      this.users.countSubscribers(row.id),
      this.identities.providersOf(row.id),
    ]);
    return toSessionUser(row, subscribers, providers, this.urls);
  }

  async channelProfile(username: string, viewer: UserRow): Promise<ChannelProfile> {
    const channel = await this.users.findByUsernameWithCounts(username.trim().toLowerCase());
    if (!channel) throw notFound('Channel not found.');
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
