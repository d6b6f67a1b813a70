import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface BlockedUserRow {
  id: string;
  username: string;
  full_name: string;
  avatar_key: string;
  blocked_at: number;
}

/** The users each creator keeps from commenting on their videos: SQL only. */
export class ChannelBlockRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when it was not blocked before. */
  async block(channelId: string, userId: string, now: number): Promise<boolean> {
    const added = await this.db
      .insertInto('channel_blocks')
      .values({ channel_id: channelId, blocked_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['channel_id', 'blocked_id']).doNothing())
      .returning('blocked_id')
      .executeTakeFirst();
    return added !== undefined;
  }

  /** True when it was blocked. */
  async unblock(channelId: string, userId: string): Promise<boolean> {
    const gone = await this.db
      .deleteFrom('channel_blocks')
      .where('channel_id', '=', channelId)
      .where('blocked_id', '=', userId)
      .executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  }

  async isBlocked(channelId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('channel_blocks')
      .select('blocked_id')
      .where('channel_id', '=', channelId)
      .where('blocked_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The channel's blocked users, most recently blocked first. */
  list(channelId: string): Promise<BlockedUserRow[]> {
    return this.db
      .selectFrom('channel_blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_id')
      .select(['u.id', 'u.username', 'u.full_name', 'u.avatar_key', 'b.created_at as blocked_at'])
      .where('b.channel_id', '=', channelId)
      .orderBy('b.created_at', 'desc')
      .orderBy('u.id', 'asc')
      .execute();
  }
}
