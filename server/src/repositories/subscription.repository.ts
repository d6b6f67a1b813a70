import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from '../lib/ids.js';

export interface SubscribedChannelRow {
  id: string;
  username: string;
  full_name: string;
  avatar_key: string;
  subscriber_count: number;
  video_count: number;
}

// An attempt fails only when another toggle of the same row committed in between, so each
// retry means progress elsewhere: this bound is only reached by that many requests in flight
// for one user and one target at once.
const TOGGLE_ATTEMPTS = 50;

/** Subscriptions and their history: SQL only. */
export class SubscriptionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Subscribes, or unsubscribes when already subscribed, and records the change with its time.
   * The delete and the insert each succeed for exactly one of several concurrent toggles (row
   * lock, primary key), so toggles apply one after another and every event is a real change.
   *
   * Both accounts' rows are locked first, in id order (PostgreSQL; SQLite's write lock holds
   * the whole database), as an account's deletion locks its own row and its channels': the
   * change moves the channel's kept count, and an insert's foreign-key share of a row that a
   * deletion holds, waiting for the count's update, deadlocks with it. An account deleted
   * before the lock is answered as gone, not as a failed foreign key.
   */
  async toggle(
    subscriberId: string,
    channelId: string,
    now: number,
  ): Promise<
    { isSubscribed: boolean; subscribersCount: number } | { gone: 'channel' | 'subscriber' }
  > {
    return this.db.transaction().execute(async (trx) => {
      const present = await trx
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [subscriberId, channelId])
        .orderBy('id')
        .$if(trx.getExecutor().adapter instanceof PostgresAdapter, (qb) => qb.forNoKeyUpdate())
        .execute();
      const ids = new Set(present.map((r) => r.id));
      if (!ids.has(channelId)) return { gone: 'channel' as const };
      if (!ids.has(subscriberId)) return { gone: 'subscriber' as const };
      const isSubscribed = await this.applyToggle(trx, subscriberId, channelId, now);
      await trx
        .insertInto('subscription_events')
        .values({
          id: newId(now),
          channel_id: channelId,
          subscriber_id: subscriberId,
          delta: isSubscribed ? 1 : -1,
          created_at: now,
        })
        .execute();
      // Kept by the triggers of this transaction's change (users.subscribers_count).
      const row = await trx
        .selectFrom('users')
        .select('subscribers_count')
        .where('id', '=', channelId)
        .executeTakeFirstOrThrow();
      return { isSubscribed, subscribersCount: Number(row.subscribers_count) };
    });
  }

  private async applyToggle(
    trx: Transaction<Database>,
    subscriberId: string,
    channelId: string,
    now: number,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < TOGGLE_ATTEMPTS; attempt += 1) {
      const removed = await trx
        .deleteFrom('subscriptions')
        .where('subscriber_id', '=', subscriberId)
        .where('channel_id', '=', channelId)
        .returning('channel_id')
        .executeTakeFirst();
      if (removed) return false;
      const added = await trx
        .insertInto('subscriptions')
        .values({ subscriber_id: subscriberId, channel_id: channelId, created_at: now })
        .onConflict((oc) => oc.columns(['subscriber_id', 'channel_id']).doNothing())
        .returning('channel_id')
        .executeTakeFirst();
      if (added) return true;
    }
    throw new Error('Subscription toggle did not settle.');
  }

  /** The channels a user subscribes to, newest subscription first, counts in the same query. */
  channelsOf(userId: string): Promise<SubscribedChannelRow[]> {
    return (
      this.db
        .selectFrom('subscriptions as s')
        .innerJoin('users as u', 'u.id', 's.channel_id')
        // Both counts are kept (users.subscribers_count, users.public_videos_count): a list of
        // 100 channels reads 100 rows, not every subscription and video of each.
        .select([
          'u.id',
          'u.username',
          'u.full_name',
          'u.avatar_key',
          'u.subscribers_count as subscriber_count',
          'u.public_videos_count as video_count',
        ])
        .where('s.subscriber_id', '=', userId)
        // A suspended channel is hidden from others until lifted.
        .where('u.suspended_at', 'is', null)
        .orderBy('s.created_at', 'desc')
        .orderBy('u.id', 'asc')
        .execute() as Promise<SubscribedChannelRow[]>
    );
  }
}
