import { sql, type Kysely } from 'kysely';
import { NOTIFICATION_KINDS } from '@contract';
import type { Database } from '../server/src/db/schema.js';
import { NotificationRepository } from '../server/src/repositories/notification.repository.js';
import { DAY } from './library-seed.js';

/**
 * What the notifications bench times in its own process, on the seeded database: publishing
 * a video of the big channel, the list's two queries, and (for comparison) a row per
 * subscriber.
 */
export interface Quantiles {
  median: number;
  p99: number;
}

/** The list's two queries (its page and its unread count) for one user. */
export interface QueryTiming extends Quantiles {
  name: string;
}

export function quantiles(samples: number[]): Quantiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p99: at(0.99) };
}

/**
 * What publishing one of the big channel's uploads costs: the statement processing runs when
 * a video becomes playable (its visibility becomes the owner's choice), whose trigger writes
 * the one publication row every subscriber's notifications join.
 */
export async function publishTimes(db: Kysely<Database>, pending: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const id of pending) {
    const started = performance.now();
    await db
      .updateTable('videos')
      .set({
        playable: 1,
        visibility: sql`coalesce(pending_visibility, visibility)`,
        pending_visibility: null,
      })
      .where('id', '=', id)
      .where('playable', '=', 0)
      .execute();
    times.push(performance.now() - started);
  }
  return times;
}

/** The list's page and its unread count for one user, 200 times each, in this process. */
export async function queryTimes(
  db: Kysely<Database>,
  users: { typical: string; bigFan: string },
): Promise<QueryTiming[]> {
  const repo = new NotificationRepository(db);
  const out: QueryTiming[] = [];
  for (const [who, userId] of [
    ['10 channels, 10 rows', users.typical],
    ['subscriber of the 10,000', users.bigFan],
  ] as const) {
    const scope = {
      userId,
      kinds: NOTIFICATION_KINDS,
      readBefore: 0,
      since: Date.now() - 90 * DAY,
    };
    const times: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now();
      await repo.page(scope, 21, 0);
      await repo.unreadCount(scope, 100);
      times.push(performance.now() - started);
    }
    out.push({ name: who, ...quantiles(times) });
  }
  return out;
}

/** For comparison: a row per subscriber, written in the publishing transaction. */
export async function rowFanOutTimes(db: Kysely<Database>, channelId: string): Promise<number[]> {
  await sql`create temporary table fan_out_probe (user_id varchar(24), video_id varchar(24), created_at bigint)`.execute(
    db,
  );
  const times: number[] = [];
  try {
    for (let i = 0; i < 10; i += 1) {
      const started = performance.now();
      await db.transaction().execute(async (trx) => {
        await sql`insert into fan_out_probe (user_id, video_id, created_at)
          select subscriber_id, ${`probe${i}`}, ${Date.now()} from subscriptions
          where channel_id = ${channelId}`.execute(trx);
      });
      times.push(performance.now() - started);
    }
  } finally {
    await sql`drop table fan_out_probe`.execute(db);
  }
  return times;
}
