import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * What the busiest reads need at scale:
 * - `video_counts`: the number of videos per visibility, kept by triggers, so the public
 *   feed's total is one row instead of a count over every public video on every request.
 * - On SQLite, a search index holding public videos only, numbered newest-last, so search and
 *   suggestions read their page in index order and stop, instead of sorting every match.
 * - Indexes that end in the `id` tiebreak the lists sort by, and one for the newest public
 *   videos of a set of channels (the subscriptions feed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_counts')
    .addColumn('visibility', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into video_counts (visibility, n)
    select k.visibility, (select count(*) from videos v where v.visibility = k.visibility)
    from (select 'private' as visibility union all select 'unlisted' union all select 'public') k`.execute(
    db,
  );

  if (dialectOf(db) === 'postgres') {
    // Inserts and deletes count per statement from the transition table, so a bulk import
    // updates each counter row once instead of once per row (repeated updates of one row in
    // a transaction slow down with every new row version).
    await sql`create function video_counts_add() returns trigger language plpgsql as $$
      begin
        update video_counts c set n = c.n + d.k
          from (select visibility, count(*) as k from changed group by visibility) d
          where c.visibility = d.visibility;
        return null;
      end $$`.execute(db);
    await sql`create function video_counts_remove() returns trigger language plpgsql as $$
      begin
        update video_counts c set n = c.n - d.k
          from (select visibility, count(*) as k from changed group by visibility) d
          where c.visibility = d.visibility;
        return null;
      end $$`.execute(db);
    // One statement touches both rows, so two opposite visibility changes lock them in the
    // same order and cannot deadlock.
    await sql`create function video_counts_move() returns trigger language plpgsql as $$
      begin
        update video_counts
          set n = n + case when visibility = new.visibility then 1 else -1 end
          where visibility in (old.visibility, new.visibility);
        return null;
      end $$`.execute(db);
    await sql`create trigger videos_count_insert after insert on videos
      referencing new table as changed for each statement
      execute function video_counts_add()`.execute(db);
    await sql`create trigger videos_count_delete after delete on videos
      referencing old table as changed for each statement
      execute function video_counts_remove()`.execute(db);
    // Row-level with a condition: the frequent views updates never fire it.
    await sql`create trigger videos_count_update after update of visibility on videos
      for each row when (old.visibility is distinct from new.visibility)
      execute function video_counts_move()`.execute(db);
  } else {
    await sql`create trigger videos_count_insert after insert on videos begin
      update video_counts set n = n + 1 where visibility = new.visibility;
    end`.execute(db);
    await sql`create trigger videos_count_delete after delete on videos begin
      update video_counts set n = n - 1 where visibility = old.visibility;
    end`.execute(db);
    await sql`create trigger videos_count_update after update of visibility on videos
      when old.visibility <> new.visibility begin
      update video_counts set n = n - 1 where visibility = old.visibility;
      update video_counts set n = n + 1 where visibility = new.visibility;
    end`.execute(db);
    await rebuildSqliteSearchIndex(db);
  }

  await replaceIndex(db, 'videos_visibility_created', 'videos', ['visibility', 'created_at', 'id']);
  await replaceIndex(db, 'videos_owner_created', 'videos', ['owner_id', 'created_at', 'id']);
  // The subscriptions feed and a channel's public list: newest public videos of some owners,
  // ordered and counted from the index alone.
  await db.schema
    .createIndex('videos_owner_visibility_created')
    .on('videos')
    .columns(['owner_id', 'visibility', 'created_at', 'id'])
    .execute();
  await replaceIndex(db, 'comments_video_parent_created', 'comments', [
    'video_id',
    'parent_id',
    'created_at',
    'id',
  ]);
  await replaceIndex(db, 'comments_parent_created', 'comments', ['parent_id', 'created_at', 'id']);
  await replaceIndex(db, 'likes_user_created', 'likes', [
    'user_id',
    'target_type',
    'kind',
    'created_at',
    'target_id',
  ]);
}

async function replaceIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.dropIndex(name).execute();
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/**
 * FTS5 keeps its rows in rowid order and can walk them backwards and stop after a page. The
 * rowid is the video's creation time in milliseconds times 2^20 plus a counter within that
 * millisecond: unique, stable for the video's life (a title edit or a trip through private
 * keeps it), and in the same order as `created_at`. Only public videos are indexed, so a
 * match needs no visibility check and the count of matches is read from the index alone.
 */
async function rebuildSqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger videos_fts_insert`.execute(db);
  await sql`drop trigger videos_fts_delete`.execute(db);
  await sql`drop trigger videos_fts_update`.execute(db);
  await sql`drop table videos_fts`.execute(db);
  await sql`create virtual table videos_fts using fts5(video_id unindexed, title, hashtag, tokenize = 'trigram')`.execute(
    db,
  );
  const slot = (row: 'new' | 'old') => sql.raw(`cast(${row}.created_at as integer) * 1048576`);
  const nextRowid = sql`(select coalesce(max(rowid) + 1, ${slot('new')}) from videos_fts
      where rowid >= ${slot('new')} and rowid < ${slot('new')} + 1048576)`;
  const insertNew = sql`insert into videos_fts (rowid, video_id, title, hashtag)
      select ${nextRowid}, new.id, new.title, new.hashtag where new.visibility = 'public'`;
  // The range finds the row through the rowid index; video_id alone would scan the table.
  const deleteOld = sql`delete from videos_fts
      where rowid >= ${slot('old')} and rowid < ${slot('old')} + 1048576 and video_id = old.id`;
  await sql`create trigger videos_fts_insert after insert on videos begin ${insertNew}; end`.execute(
    db,
  );
  await sql`create trigger videos_fts_delete after delete on videos begin ${deleteOld}; end`.execute(
    db,
  );
  await sql`create trigger videos_fts_update
    after update of title, hashtag, visibility, created_at on videos begin
      ${deleteOld};
      ${insertNew};
    end`.execute(db);
  await sql`insert into videos_fts (rowid, video_id, title, hashtag)
    select cast(created_at as integer) * 1048576
        + row_number() over (partition by created_at order by id) - 1,
      id, title, hashtag
    from videos where visibility = 'public'`.execute(db);
  // One segment: a search reads every segment of the index, and the backfill leaves many.
  await sql`insert into videos_fts (videos_fts) values ('optimize')`.execute(db);
}
