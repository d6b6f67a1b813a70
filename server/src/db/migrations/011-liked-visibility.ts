import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * `likes.target_hidden`: 1 when the liked video is private and not the liker's own, so it is
 * no longer in their liked-videos list. Kept by triggers on both sides: a new like reads its
 * video, and a video going private or back rewrites the flag on its likes. The liked-videos
 * total is then counted from the likes index alone; it used to look up every liked video
 * (500 lookups for a user with 500 likes) to check its visibility on every request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('likes')
    .addColumn('target_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update likes set target_hidden = 1
    where target_type = 'Video' and exists (
      select 1 from videos v
      where v.id = likes.target_id and v.visibility = 'private' and v.owner_id <> likes.user_id
    )`.execute(db);
  // The flag last, so the index still orders a user's likes newest first and covers the count.
  await db.schema.dropIndex('likes_user_created').execute();
  await db.schema
    .createIndex('likes_user_created')
    .on('likes')
    .columns(['user_id', 'target_type', 'kind', 'created_at', 'target_id', 'target_hidden'])
    .execute();

  if (dialectOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // The video row is locked as an update locks it, after the like (the order the like-count
  // trigger locks in too): a visibility change committing at the same time either waits for
  // this like and then rewrites its flag, or is waited for and its new visibility read here.
  await sql`create function likes_target_hidden() returns trigger language plpgsql as $$
    declare
      hidden boolean;
    begin
      select v.visibility = 'private' and v.owner_id <> new.user_id into hidden
        from videos v where v.id = new.target_id for no key update;
      if hidden then
        update likes set target_hidden = 1
          where user_id = new.user_id and target_type = new.target_type
            and target_id = new.target_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger likes_target_hidden after insert on likes
    for each row when (new.target_type = 'Video')
    execute function likes_target_hidden()`.execute(db);

  await sql`create function videos_likes_hidden() returns trigger language plpgsql as $$
    begin
      update likes
        set target_hidden = case
          when new.visibility = 'private' and user_id <> new.owner_id then 1 else 0 end
        where target_type = 'Video' and target_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger videos_likes_hidden after update of visibility on videos
    for each row when ((old.visibility = 'private') is distinct from (new.visibility = 'private'))
    execute function videos_likes_hidden()`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  // Writers take the database lock before they read (begin immediate), so no visibility
  // change can commit between this like's lookup and its own commit.
  await sql`create trigger likes_target_hidden after insert on likes
    when new.target_type = 'Video' and exists (
      select 1 from videos v
      where v.id = new.target_id and v.visibility = 'private' and v.owner_id <> new.user_id
    ) begin
    update likes set target_hidden = 1
      where user_id = new.user_id and target_type = new.target_type and target_id = new.target_id;
  end`.execute(db);
  await sql`create trigger videos_likes_hidden after update of visibility on videos
    when (old.visibility = 'private') <> (new.visibility = 'private') begin
    update likes
      set target_hidden = (new.visibility = 'private' and user_id <> new.owner_id)
      where target_type = 'Video' and target_id = new.id;
  end`.execute(db);
}
