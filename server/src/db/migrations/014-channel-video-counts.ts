import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * `users.all_videos_count` and `users.public_videos_count`: each channel's videos, all and public,
 * kept by triggers on `videos` in the same transaction as the upload, deletion or change of
 * visibility. The studio list's and a channel page's totals read them instead of counting the
 * channel's videos (1,000 index entries for a large channel), and the subscriptions feed's
 * total is a sum over the subscribed channels instead of a count of every public video of each
 * (1,920 index entries for a viewer of 100 channels).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['all_videos_count', 'public_videos_count']) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`update users set
      all_videos_count = (select count(*) from videos v where v.owner_id = users.id),
      public_videos_count = (
        select count(*) from videos v where v.owner_id = users.id and v.visibility = 'public'
      )`.execute(db);

  const move = (row: 'new' | 'old', delta: '+' | '-', column: string) =>
    sql.raw(`update users set ${column} = ${column} ${delta} 1 where id = ${row}.owner_id`);
  if (dialectOf(db) === 'postgres') {
    await sql`create function channel_video_counts() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${move('new', '+', 'all_videos_count')};
        elsif tg_op = 'DELETE' then
          ${move('old', '-', 'all_videos_count')};
        end if;
        if tg_op in ('DELETE', 'UPDATE') and old.visibility = 'public' then
          ${move('old', '-', 'public_videos_count')};
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.visibility = 'public' then
          ${move('new', '+', 'public_videos_count')};
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger videos_channel_counts after insert or delete on videos
      for each row execute function channel_video_counts()`.execute(db);
    await sql`create trigger videos_channel_counts_update after update of visibility on videos
      for each row when ((old.visibility = 'public') is distinct from (new.visibility = 'public'))
      execute function channel_video_counts()`.execute(db);
  } else {
    const ifPublic = (row: 'new' | 'old') => sql.raw(`and ${row}.visibility = 'public'`);
    await sql`create trigger videos_channel_counts_insert after insert on videos begin
        ${move('new', '+', 'all_videos_count')};
        ${move('new', '+', 'public_videos_count')} ${ifPublic('new')};
      end`.execute(db);
    await sql`create trigger videos_channel_counts_delete after delete on videos begin
        ${move('old', '-', 'all_videos_count')};
        ${move('old', '-', 'public_videos_count')} ${ifPublic('old')};
      end`.execute(db);
    await sql`create trigger videos_channel_counts_update after update of visibility on videos
      when (old.visibility = 'public') <> (new.visibility = 'public') begin
        ${move('old', '-', 'public_videos_count')} ${ifPublic('old')};
        ${move('new', '+', 'public_videos_count')} ${ifPublic('new')};
      end`.execute(db);
  }
}
