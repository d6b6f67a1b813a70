import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * Every column a video's list entry shows besides its view count: 021's, plus why staff
 * blocked it (its owner reads that) and its comment setting.
 */
const CARD_COLUMNS = [
  'title',
  'description',
  'hashtag',
  'visibility',
  'duration',
  'video_key',
  'thumbnail_key',
  'status',
  'playable',
  'processing_progress',
  'processing_error',
  'pending_visibility',
  'hls_ready',
  'storyboard_ready',
  'media_token',
  'blocked_reason',
  'comments_mode',
].join(', ');

/**
 * Moderation of content.
 *
 * A video is blocked by staff (`blocked_at`, `blocked_reason`) or its owner is suspended
 * (`owner_suspended`, copied onto each video so a statement deciding its visibility reads the
 * row alone). Either keeps it from everyone but its owner the way an unplayable video is kept
 * (021): the stored `visibility` is 'private' and the owner's choice waits in
 * `pending_visibility` (repositories/video-holds.ts decides both in one place), so lists,
 * search and its index, feeds, counts, liked videos, comments, media and every cache keyed by
 * a version follow with no rule of their own.
 *
 * A comment is `held` for the video owner's approval (the video's `comments_mode` is 'held'),
 * or its author is suspended (`author_suspended`). `hidden` is 1 when either holds for the
 * comment or for the top-level comment it replies to: pages of comments and the kept count
 * read it alone. Held comments are read by their author and the video's owner only.
 *
 * `reports` are what signed-in users flag for staff, at most one open report per reporter and
 * target. `instance_settings` are the settings staff change without a restart (registration,
 * the instance's name, default quotas), one row per key. `channel_blocks` are the users a
 * creator keeps from commenting on their videos.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('blocked_at', 'bigint').execute();
  await db.schema.alterTable('videos').addColumn('blocked_reason', 'text').execute();
  await db.schema
    .alterTable('videos')
    .addColumn('owner_suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('videos')
    .addColumn('comments_mode', 'varchar(8)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`comments_mode in ('open', 'held', 'off')`),
    )
    .execute();
  // The console's list of blocked videos, newest block first.
  await db.schema
    .createIndex('videos_blocked')
    .on('videos')
    .columns(['blocked_at', 'id'])
    .execute();

  for (const column of ['held', 'author_suspended', 'hidden']) {
    await db.schema
      .alterTable('comments')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // A page of a video's shown comments, and their counts, from the index alone.
  await db.schema.dropIndex('comments_video_parent_created').execute();
  await db.schema
    .createIndex('comments_video_parent_created')
    .on('comments')
    .columns(['video_id', 'hidden', 'parent_id', 'created_at', 'id'])
    .execute();
  // Held comments are few: the studio's list and a viewer's own read them from this index.
  await db.schema
    .createIndex('comments_held')
    .on('comments')
    .columns(['video_id', 'created_at', 'id'])
    .where(sql.ref('held'), '=', 1)
    .execute();
  // A suspension finds its user's comments without scanning the table.
  await db.schema.createIndex('comments_owner').on('comments').column('owner_id').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('reporter_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('target_type', 'varchar(8)', (c) =>
      c.notNull().check(sql`target_type in ('video', 'comment', 'channel')`),
    )
    .addColumn('target_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('reason', 'varchar(16)', (c) =>
      c
        .notNull()
        .check(sql`reason in ('spam', 'harassment', 'sexual', 'violence', 'copyright', 'other')`),
    )
    .addColumn('details', 'text')
    .addColumn('state', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'resolved', 'dismissed')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolved_by', 'varchar(24)')
    .addColumn('resolved_by_username', 'varchar(30)')
    .addColumn('note', 'text')
    .execute();
  // One open report per reporter and target: a second one finds the first.
  await db.schema
    .createIndex('reports_open_once')
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .unique()
    .where(sql.ref('state'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('reports_state_created')
    .on('reports')
    .columns(['state', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('reports_target')
    .on('reports')
    .columns(['target_type', 'target_id'])
    .execute();

  await db.schema
    .createTable('instance_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('channel_blocks')
    .addColumn('channel_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('blocked_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_blocks_pk', ['channel_id', 'blocked_id'])
    .addCheckConstraint('channel_blocks_not_self', sql`channel_id <> blocked_id`)
    .execute();
  await db.schema
    .createIndex('channel_blocks_blocked')
    .on('channel_blocks')
    .column('blocked_id')
    .execute();

  if (dialectOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // A video's kept comment count counts the comments others are shown (010's, with `hidden`).
  await sql`create or replace function video_comments_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') and old.hidden = 0 then
        update videos set comments_count = comments_count - 1 where id = old.video_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.hidden = 0 then
        update videos set comments_count = comments_count + 1 where id = new.video_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger comments_video_count_update after update of hidden on comments
    for each row when (old.hidden is distinct from new.hidden)
    execute function video_comments_count()`.execute(db);

  // Hiding, holding or showing a comment changes its page (012's, with the new columns).
  await sql`drop trigger comments_version_update on comments`.execute(db);
  await sql`create trigger comments_version_update
    after update of content, likes_count, hidden, held on comments
    for each row execute function comments_version_bump()`.execute(db);

  await sql`drop trigger videos_card_version on videos`.execute(db);
  await sql`create trigger videos_card_version before update of ${sql.raw(CARD_COLUMNS)}
    on videos for each row execute function videos_card_version()`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const add = (row: 'new' | 'old', delta: '+' | '-') =>
    sql.raw(
      `update videos set comments_count = comments_count ${delta} 1 where id = ${row}.video_id`,
    );
  await sql`drop trigger comments_video_count_insert`.execute(db);
  await sql`drop trigger comments_video_count_delete`.execute(db);
  await sql`create trigger comments_video_count_insert after insert on comments
    when new.hidden = 0 begin ${add('new', '+')}; end`.execute(db);
  await sql`create trigger comments_video_count_delete after delete on comments
    when old.hidden = 0 begin ${add('old', '-')}; end`.execute(db);
  await sql`create trigger comments_video_count_update after update of hidden on comments
    when old.hidden <> new.hidden begin
      update videos set comments_count = comments_count
        + (case when new.hidden = 0 then 1 else -1 end)
        where id = new.video_id;
    end`.execute(db);

  await sql`drop trigger comments_version_update`.execute(db);
  await sql`create trigger comments_version_update
    after update of content, likes_count, hidden, held on comments begin
      update videos set comments_version = comments_version + 1 where id = new.video_id;
    end`.execute(db);

  await sql`drop trigger videos_card_version`.execute(db);
  await sql`create trigger videos_card_version after update of ${sql.raw(CARD_COLUMNS)}
    on videos begin
      update videos set card_version = card_version + 1 where id = new.id;
    end`.execute(db);
}
