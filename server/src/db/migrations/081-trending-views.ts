import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * `video_view_hours`: counted views per video and hour (`floor(viewed_at / 3600000)`), kept by a
 * trigger on `video_views` in the view's own transaction. Trending reads the last days from it
 * by hour (its key's order), one row per video and hour with views instead of one per view.
 * Rows older than trending's window are pruned by housekeeping; studio analytics keeps reading
 * `video_views` itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_view_hours')
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('video_id', 'varchar(24)', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('views', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_view_hours_pk', ['hour', 'video_id'])
    .execute();
  await db.schema
    .createIndex('video_view_hours_video')
    .on('video_view_hours')
    .column('video_id')
    .execute();

  const hourOf = (column: string) => sql.raw(`cast(${column} / 3600000 as bigint)`);
  const count = sql`insert into video_view_hours (hour, video_id, views)
    values (${hourOf('new.viewed_at')}, new.video_id, 1)
    on conflict (hour, video_id) do update set views = video_view_hours.views + 1`;
  if (dialectOf(db) === 'postgres') {
    await sql`create function video_view_hours_count() returns trigger language plpgsql as $$
      begin
        ${count};
        return null;
      end $$`.execute(db);
    await sql`create trigger video_views_hours after insert on video_views
      for each row execute function video_view_hours_count()`.execute(db);
  } else {
    await sql`create trigger video_views_hours after insert on video_views
      begin ${count}; end`.execute(db);
  }
  await sql`insert into video_view_hours (hour, video_id, views)
    select ${hourOf('viewed_at')}, video_id, count(*) from video_views
    group by ${hourOf('viewed_at')}, video_id`.execute(db);
}
