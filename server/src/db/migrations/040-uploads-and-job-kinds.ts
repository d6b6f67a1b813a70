import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * Resumable uploads, storage accounting and a queue of jobs with kinds.
 *
 * - `uploads`: one row per resumable (tus) upload not yet published: whose it is, its declared
 *   size (reserved against the owner's quotas while it is open), when it expires, and the
 *   lock that keeps two requests (on any server process) from writing it at once. Its bytes are
 *   in the upload store (`DATA_DIR/uploads`, or `uploads/` in the bucket); publishing moves them
 *   to the video's original and deletes the row in the same step, so an upload is published
 *   once.
 * - `videos.stored_bytes` and `videos.original_bytes`: what a video keeps in the media store
 *   (original, thumbnail and every output), so a user's usage is a sum over their videos, not
 *   a listing of the store.
 * - `processing_jobs` gains a `kind` (the handler that runs it), a `priority` (0: making a
 *   video playable, before any other work), an `owner_id` and a `fair_key` (a user's jobs are
 *   spaced out in time so one user's many uploads do not hold back another's first), and an
 *   optional `payload`; `video_id` becomes optional (jobs that are not about one video) and is
 *   unique per kind rather than per table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('filetype', 'text', (c) => c.notNull())
    // open: bytes may arrive; publishing: one publish holds it (a second is refused).
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // The tus lock, shared by every server process (uploads/upload-locker.ts): who holds it,
    // until when unless renewed, and whether another request is waiting for it.
    .addColumn('lock_holder', 'text')
    .addColumn('lock_expires_at', 'bigint')
    .addColumn('lock_wanted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('uploads_owner_created')
    .on('uploads')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema.createIndex('uploads_expires_at').on('uploads').column('expires_at').execute();

  for (const column of ['stored_bytes', 'original_bytes']) {
    await db.schema
      .alterTable('videos')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }

  if (dialectOf(db) === 'postgres') {
    await sql`alter table processing_jobs alter column video_id drop not null`.execute(db);
    await sql`alter table processing_jobs drop constraint processing_jobs_video_id_key`.execute(db);
    await sql`alter table processing_jobs
      add column kind text not null default 'video.playable',
      add column priority integer not null default 0,
      add column owner_id text references users(id) on delete cascade,
      add column fair_key bigint not null default 0,
      add column payload text`.execute(db);
    await sql`alter table processing_jobs alter column kind drop default`.execute(db);
    await sql`update processing_jobs set fair_key = created_at,
      owner_id = (select owner_id from videos where videos.id = processing_jobs.video_id)`.execute(
      db,
    );
  } else {
    // SQLite cannot drop a column's NOT NULL or UNIQUE: the table is built again.
    await sql`create table processing_jobs_next (
      id text primary key,
      kind text not null,
      video_id text references videos(id) on delete cascade,
      owner_id text references users(id) on delete cascade,
      payload text,
      priority integer not null,
      fair_key bigint not null,
      state text not null,
      attempts integer not null default 0,
      run_after bigint not null,
      lease_owner text,
      lease_expires_at bigint,
      last_error text,
      created_at bigint not null,
      updated_at bigint not null
    )`.execute(db);
    await sql`insert into processing_jobs_next (id, kind, video_id, owner_id, payload, priority,
        fair_key, state, attempts, run_after, lease_owner, lease_expires_at, last_error,
        created_at, updated_at)
      select j.id, 'video.playable', j.video_id, v.owner_id, null, 0, j.created_at, j.state,
        j.attempts, j.run_after, j.lease_owner, j.lease_expires_at, j.last_error, j.created_at,
        j.updated_at
      from processing_jobs j left join videos v on v.id = j.video_id`.execute(db);
    await sql`drop table processing_jobs`.execute(db);
    await sql`alter table processing_jobs_next rename to processing_jobs`.execute(db);
    await db.schema
      .createIndex('processing_jobs_lease')
      .on('processing_jobs')
      .columns(['state', 'lease_expires_at'])
      .execute();
  }
  await sql`drop index if exists processing_jobs_due`.execute(db);
  // A claim takes the most urgent lane first, then the fairest turn among the due jobs.
  await db.schema
    .createIndex('processing_jobs_next_due')
    .on('processing_jobs')
    .columns(['state', 'priority', 'fair_key', 'run_after'])
    .execute();
  await db.schema
    .createIndex('processing_jobs_kind_video')
    .on('processing_jobs')
    .columns(['video_id', 'kind'])
    .unique()
    .execute();
  // Fair keys are read per owner when a job is added.
  await db.schema
    .createIndex('processing_jobs_owner')
    .on('processing_jobs')
    .columns(['owner_id', 'priority', 'fair_key'])
    .execute();
}
