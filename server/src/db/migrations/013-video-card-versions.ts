import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/** Every column a video's list entry shows besides its view count. */
const CARD_COLUMNS = 'title, description, hashtag, visibility, duration, video_key, thumbnail_key';

/**
 * `videos.card_version`: moves, by triggers, whenever a video's entry in a list could change
 * other than its view count: the video edited, or its owner's name or picture changed. Server
 * processes keep entries they have built and reuse one while the list query, which reads the
 * version with each row, finds it unchanged; a list then reads three columns per video
 * instead of the whole row and its owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('card_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const ownerBump = sql`update videos set card_version = card_version + 1 where owner_id = new.id`;
  if (dialectOf(db) === 'postgres') {
    await sql`create function videos_card_version() returns trigger language plpgsql as $$
      begin
        new.card_version := old.card_version + 1;
        return new;
      end $$`.execute(db);
    await sql`create trigger videos_card_version before update of ${sql.raw(CARD_COLUMNS)}
      on videos for each row execute function videos_card_version()`.execute(db);
    await sql`create function owner_card_version() returns trigger language plpgsql as $$
      begin
        ${ownerBump};
        return null;
      end $$`.execute(db);
    await sql`create trigger users_card_version after update of username, avatar_key on users
      for each row
      when (old.username is distinct from new.username
        or old.avatar_key is distinct from new.avatar_key)
      execute function owner_card_version()`.execute(db);
  } else {
    await sql`create trigger videos_card_version after update of ${sql.raw(CARD_COLUMNS)}
      on videos begin
        update videos set card_version = card_version + 1 where id = new.id;
      end`.execute(db);
    await sql`create trigger users_card_version after update of username, avatar_key on users
      when old.username is not new.username or old.avatar_key is not new.avatar_key
      begin ${ownerBump}; end`.execute(db);
  }
}
