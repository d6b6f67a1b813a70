import type { ChannelProfile, SessionUser } from '@contract';
import { notFound } from '../lib/errors.js';
import type { IdentityRepository } from '../repositories/identity.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import { isChannelHidden } from './account-visibility.js';
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
    // A suspended account's channel is gone for everyone else until the suspension is lifted.
    if (!channel || (channel.id !== viewer.id && isChannelHidden(channel))) {
      throw notFound('Channel not found.');
    }
    const isSubscribed =
      channel.id !== viewer.id && (await this.users.isSubscribed(viewer.id, channel.id));
    return toChannelProfile(channel, isSubscribed, this.urls);
  }
}
