import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * `users.public_videos_count`: each channel's public videos, kept by triggers on `videos` in
 * the same transaction as the upload, deletion or change of visibility. The subscriptions
 * feed's total is then a sum over the subscribed channels instead of a count of every public
 * video of each (1,920 index entries for a viewer of 100 channels).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('public_videos_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set public_videos_count = (
      select count(*) from videos v where v.owner_id = users.id and v.visibility = 'public'
    )`.execute(db);

  const add = (row: 'new' | 'old', delta: '+' | '-') =>
    sql.raw(
      `update users set public_videos_count = public_videos_count ${delta} 1 where id = ${row}.owner_id`,
    );
  if (dialectOf(db) === 'postgres') {
    await sql`create function channel_public_videos() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') and old.visibility = 'public' then
          ${add('old', '-')};
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.visibility = 'public' then
          ${add('new', '+')};
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger videos_channel_count_insert after insert on videos
      for each row when (new.visibility = 'public') execute function channel_public_videos()`.execute(
      db,
    );
    await sql`create trigger videos_channel_count_delete after delete on videos
      for each row when (old.visibility = 'public') execute function channel_public_videos()`.execute(
      db,
    );
    await sql`create trigger videos_channel_count_update after update of visibility on videos
      for each row when ((old.visibility = 'public') is distinct from (new.visibility = 'public'))
      execute function channel_public_videos()`.execute(db);
  } else {
    await sql`create trigger videos_channel_count_insert after insert on videos
      when new.visibility = 'public' begin ${add('new', '+')}; end`.execute(db);
    await sql`create trigger videos_channel_count_delete after delete on videos
      when old.visibility = 'public' begin ${add('old', '-')}; end`.execute(db);
    await sql`create trigger videos_channel_count_update after update of visibility on videos
      when (old.visibility = 'public') <> (new.visibility = 'public') begin
        ${add('old', '-')} and old.visibility = 'public';
        ${add('new', '+')} and new.visibility = 'public';
      end`.execute(db);
  }
}
