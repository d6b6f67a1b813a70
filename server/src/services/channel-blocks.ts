import { MESSAGES, type BlockedUser } from '@contract';
import { badRequest, notFound } from '../lib/errors.js';
import { ID_PATTERN } from '../lib/ids.js';
import { isoTime } from '../lib/iso-time.js';
import type { ChannelBlockRepository } from '../repositories/channel-block.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import type { MediaUrls } from './media-urls.js';

/**
 * A creator keeps users from commenting on their videos (CommentService refuses them with
 * 403); blocking is the creator's own list, and says nothing to the user blocked.
 */
export class ChannelBlocks {
  constructor(
    private readonly deps: {
      blocks: ChannelBlockRepository;
      users: UserRepository;
      urls: MediaUrls;
      now?: () => number;
    },
  ) {}

  private async user(id: string): Promise<UserRow> {
    const row = ID_PATTERN.test(id) ? await this.deps.users.findById(id) : undefined;
    if (!row) throw notFound(MESSAGES.channelNotFound);
    return row;
  }

  async block(viewer: UserRow, userId: string): Promise<void> {
    if (userId === viewer.id) throw badRequest('You cannot block yourself.');
    const user = await this.user(userId);
    await this.deps.blocks.block(viewer.id, user.id, this.deps.now ? this.deps.now() : Date.now());
  }

  async unblock(viewer: UserRow, userId: string): Promise<void> {
    const user = await this.user(userId);
    await this.deps.blocks.unblock(viewer.id, user.id);
  }

  async list(viewer: UserRow): Promise<BlockedUser[]> {
    const rows = await this.deps.blocks.list(viewer.id);
    return rows.map((r) => ({
      _id: r.id,
      username: r.username,
      fullName: r.full_name,
      avatar: this.deps.urls.shared(r.avatar_key),
      blockedAt: isoTime(Number(r.blocked_at)),
    }));
  }
}
