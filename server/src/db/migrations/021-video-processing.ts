import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * Every column a video's list entry shows besides its view count: 013's, plus the processing
 * state and the processed outputs, so an entry kept by version (VideoCards) follows processing.
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
  // Output URLs are built under the prefix it names (015).
  'media_token',
].join(', ');

/**
 * Uploads are processed by workers (see processing/). A video row carries its state, and one
 * `processing_jobs` row per video is the durable queue: a worker claims a job with a lease it
 * renews while it works; a lease that expires (the worker was killed) lets another worker claim
 * the job again. A job row goes with its video.
 *
 * Until a video plays, its stored `visibility` is 'private' and the owner's choice waits in
 * `pending_visibility`: every rule and kept count that reads visibility (lists, search, feeds,
 * channel totals, liked videos, media access) then keeps an unplayable video from visitors with
 * no change of its own, and the owner still sees everything. Rows from before stay ready.
 *
 * Outputs have fixed names under the video's prefix (`videos/{id}/{media_token}/`, 015), so the
 * row keeps only which exist: a prefix moved to a new token needs no key rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, 'text' | 'integer', string | number | null][] = [
    ['status', 'text', 'ready'],
    ['playable', 'integer', 1],
    ['processing_progress', 'integer', 100],
    ['processing_error', 'text', null],
    ['pending_visibility', 'text', null],
    ['original_name', 'text', null],
    ['hls_ready', 'integer', 0],
    ['storyboard_ready', 'integer', 0],
  ];
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable('videos')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }

  await db.schema
    .createTable('processing_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('video_id', 'text', (c) =>
      c.notNull().unique().references('videos.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Claims look for due queued jobs and for running jobs whose lease has expired.
  await db.schema
    .createIndex('processing_jobs_due')
    .on('processing_jobs')
    .columns(['state', 'run_after'])
    .execute();
  await db.schema
    .createIndex('processing_jobs_lease')
    .on('processing_jobs')
    .columns(['state', 'lease_expires_at'])
    .execute();

  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger videos_card_version on videos`.execute(db);
    await sql`create trigger videos_card_version before update of ${sql.raw(CARD_COLUMNS)}
      on videos for each row execute function videos_card_version()`.execute(db);
  } else {
    await sql`drop trigger videos_card_version`.execute(db);
    await sql`create trigger videos_card_version after update of ${sql.raw(CARD_COLUMNS)}
      on videos begin
        update videos set card_version = card_version + 1 where id = new.id;
      end`.execute(db);
  }
}
