import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * `videos.comments_version`: moves, by triggers, with anything a page of the video's comments
 * shows: a comment or reply added, edited or deleted, a like count changed, a commenter's name
 * or picture changed. Server processes keep pages they have read and reuse one for as long as
 * the video row they read anyway (to check it may be seen) carries the same version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('comments_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  const bump = (videoId: string) =>
    sql.raw(`update videos set comments_version = comments_version + 1 where id = ${videoId}`);
  const bumpCommenter = sql`update videos set comments_version = comments_version + 1
    where id in (select c.video_id from comments c where c.owner_id = new.id)`;
  if (dialectOf(db) === 'postgres') {
    await sql`create function comments_version_bump() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          ${bump('old.video_id')};
        else
          ${bump('new.video_id')};
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger comments_version_insert_delete after insert or delete on comments
      for each row execute function comments_version_bump()`.execute(db);
    await sql`create trigger comments_version_update after update of content, likes_count
      on comments for each row execute function comments_version_bump()`.execute(db);
    await sql`create function commenter_version_bump() returns trigger language plpgsql as $$
      begin
        ${bumpCommenter};
        return null;
      end $$`.execute(db);
    await sql`create trigger users_comments_version after update of username, avatar_key
      on users for each row
      when (old.username is distinct from new.username
        or old.avatar_key is distinct from new.avatar_key)
      execute function commenter_version_bump()`.execute(db);
  } else {
    await sql`create trigger comments_version_insert after insert on comments
      begin ${bump('new.video_id')}; end`.execute(db);
    await sql`create trigger comments_version_delete after delete on comments
      begin ${bump('old.video_id')}; end`.execute(db);
    await sql`create trigger comments_version_update after update of content, likes_count
      on comments begin ${bump('new.video_id')}; end`.execute(db);
    await sql`create trigger users_comments_version after update of username, avatar_key
      on users when old.username is not new.username or old.avatar_key is not new.avatar_key
      begin ${bumpCommenter}; end`.execute(db);
  }
}
