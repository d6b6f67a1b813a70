import { sql, type Kysely } from 'kysely';

/**
 * `users.subscribers_count`: each channel's subscribers, kept in the transaction of every
 * subscription and unsubscription by the triggers generated from its entry in
 * db/derived/derived-data.ts. The watch page, a channel's header, the studio's summary and a
 * viewer's list of subscriptions read it instead of counting the channel's subscriptions on
 * every request: 100,000 index entries for a channel with 100,000 subscribers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('subscribers_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set
      subscribers_count = (select count(*) from subscriptions s where s.channel_id = users.id)`.execute(
    db,
  );
}
