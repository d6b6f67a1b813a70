import { sql, type Kysely } from 'kysely';

/** Videos and subscriptions: the facts a channel profile counts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('hashtag', 'text', (c) => c.notNull())
    .addColumn('visibility', 'varchar(8)', (c) =>
      c.notNull().check(sql`visibility in ('private', 'unlisted', 'public')`),
    )
    .addColumn('duration', 'real', (c) => c.notNull())
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('video_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('videos_owner_created')
    .on('videos')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('videos_visibility_created')
    .on('videos')
    .columns(['visibility', 'created_at'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('subscriber_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('channel_id', 'varchar(24)', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('subscriptions_pk', ['subscriber_id', 'channel_id'])
    .addCheckConstraint('subscriptions_not_self', sql`subscriber_id <> channel_id`)
    .execute();
  await db.schema
    .createIndex('subscriptions_channel')
    .on('subscriptions')
    .columns(['channel_id', 'subscriber_id'])
    .execute();
}
