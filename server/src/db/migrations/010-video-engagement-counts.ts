import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * Each video's like and comment counts, kept by triggers on `likes` and `comments` in the same
 * transaction as the change itself, so they cannot drift. The studio's content list showed
 * them by counting the likes and comments of each of its rows on every request, and sorting a
 * channel by likes counted them for every one of its videos.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('likes_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('videos')
    .addColumn('comments_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update videos set
      likes_count = (
        select count(*) from likes l
        where l.target_type = 'Video' and l.target_id = videos.id and l.kind = 'like'
      ),
      comments_count = (select count(*) from comments c where c.video_id = videos.id)`.execute(db);

  if (dialectOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function video_likes_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.target_type = 'Video' and old.kind = 'like' then
        update videos set likes_count = likes_count - 1 where id = old.target_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.target_type = 'Video' and new.kind = 'like' then
        update videos set likes_count = likes_count + 1 where id = new.target_id;
      end if;
      return null;
    end $$`.execute(db);
  // Conditions in the trigger definitions: likes of comments never call the function.
  await sql`create trigger likes_video_count_insert after insert on likes
    for each row when (new.target_type = 'Video' and new.kind = 'like')
    execute function video_likes_count()`.execute(db);
  await sql`create trigger likes_video_count_delete after delete on likes
    for each row when (old.target_type = 'Video' and old.kind = 'like')
    execute function video_likes_count()`.execute(db);
  await sql`create trigger likes_video_count_update after update on likes
    for each row when (old.target_type = 'Video' and old.kind is distinct from new.kind)
    execute function video_likes_count()`.execute(db);

  await sql`create function video_comments_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        update videos set comments_count = comments_count - 1 where id = old.video_id;
      else
        update videos set comments_count = comments_count + 1 where id = new.video_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger comments_video_count after insert or delete on comments
    for each row execute function video_comments_count()`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger likes_video_count_insert after insert on likes
    when new.target_type = 'Video' and new.kind = 'like' begin
    update videos set likes_count = likes_count + 1 where id = new.target_id;
  end`.execute(db);
  await sql`create trigger likes_video_count_delete after delete on likes
    when old.target_type = 'Video' and old.kind = 'like' begin
    update videos set likes_count = likes_count - 1 where id = old.target_id;
  end`.execute(db);
  await sql`create trigger likes_video_count_update after update of kind on likes
    when old.target_type = 'Video' and old.kind <> new.kind begin
    update videos set likes_count = likes_count
      + (case when new.kind = 'like' then 1 else 0 end)
      - (case when old.kind = 'like' then 1 else 0 end)
      where id = new.target_id;
  end`.execute(db);
  await sql`create trigger comments_video_count_insert after insert on comments begin
    update videos set comments_count = comments_count + 1 where id = new.video_id;
  end`.execute(db);
  await sql`create trigger comments_video_count_delete after delete on comments begin
    update videos set comments_count = comments_count - 1 where id = old.video_id;
  end`.execute(db);
}
