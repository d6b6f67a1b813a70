import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * Each comment's like count, kept by triggers on `likes` in the same transaction as the like
 * itself, so it cannot drift. A page of comments then reads its counts with its rows instead
 * of grouping the likes of every comment and reply on the page on every request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('comments')
    .addColumn('likes_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update comments set likes_count = (
      select count(*) from likes l
      where l.target_type = 'Comment' and l.target_id = comments.id and l.kind = 'like'
    )
    where exists (
      select 1 from likes l where l.target_type = 'Comment' and l.target_id = comments.id
    )`.execute(db);

  if (dialectOf(db) === 'postgres') {
    await sql`create function comment_likes_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') and old.target_type = 'Comment' and old.kind = 'like' then
          update comments set likes_count = likes_count - 1 where id = old.target_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.target_type = 'Comment' and new.kind = 'like' then
          update comments set likes_count = likes_count + 1 where id = new.target_id;
        end if;
        return null;
      end $$`.execute(db);
    // Conditions in the trigger definitions: likes of videos never call the function.
    await sql`create trigger likes_comment_count_insert after insert on likes
      for each row when (new.target_type = 'Comment' and new.kind = 'like')
      execute function comment_likes_count()`.execute(db);
    await sql`create trigger likes_comment_count_delete after delete on likes
      for each row when (old.target_type = 'Comment' and old.kind = 'like')
      execute function comment_likes_count()`.execute(db);
    await sql`create trigger likes_comment_count_update after update on likes
      for each row when (old.target_type = 'Comment' and old.kind is distinct from new.kind)
      execute function comment_likes_count()`.execute(db);
  } else {
    await sql`create trigger likes_comment_count_insert after insert on likes
      when new.target_type = 'Comment' and new.kind = 'like' begin
      update comments set likes_count = likes_count + 1 where id = new.target_id;
    end`.execute(db);
    await sql`create trigger likes_comment_count_delete after delete on likes
      when old.target_type = 'Comment' and old.kind = 'like' begin
      update comments set likes_count = likes_count - 1 where id = old.target_id;
    end`.execute(db);
    await sql`create trigger likes_comment_count_update after update of kind on likes
      when old.target_type = 'Comment' and old.kind <> new.kind begin
      update comments set likes_count = likes_count
        + (case when new.kind = 'like' then 1 else 0 end)
        - (case when old.kind = 'like' then 1 else 0 end)
        where id = new.target_id;
    end`.execute(db);
  }
}
