import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/** What the orphan sweep needs of a video: where its files are and which it cannot do without. */
export interface SweepVideoRow {
  id: string;
  owner_id: string;
  media_token: string | null;
  video_key: string;
  thumbnail_key: string;
  original_name: string | null;
  status: string;
  playable: number;
  processing_error: string | null;
}

const SWEEP_VIDEO_COLUMNS = [
  'id',
  'owner_id',
  'media_token',
  'video_key',
  'thumbnail_key',
  'original_name',
  'status',
  'playable',
  'processing_error',
] as const;

/** The rows and references the orphan sweep (storage/orphan-sweep.ts) walks beside the store. */
export class OrphanSweepRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Up to `limit` videos after `afterId` (all from the first when undefined), in id order. */
  videosAfter(afterId: string | undefined, limit: number): Promise<SweepVideoRow[]> {
    let query = this.db.selectFrom('videos').select(SWEEP_VIDEO_COLUMNS);
    if (afterId !== undefined) query = query.where('id', '>', afterId);
    return query.orderBy('id').limit(limit).execute();
  }

  /** The video's row as it is now, in a transaction holding its lock (`withLockedVideo`). */
  lockedVideo(trx: Transaction<Database>, id: string): Promise<SweepVideoRow | undefined> {
    return trx
      .selectFrom('videos')
      .select(SWEEP_VIDEO_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Which of `keys` (`images/…`) a row refers to: an avatar, a cover, or the thumbnail of a video
   * made before migration 015. Each column is indexed.
   */
  async referencedImages(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const [avatars, covers, thumbnails] = await Promise.all([
      this.db
        .selectFrom('users')
        .select('avatar_key as key')
        .where('avatar_key', 'in', keys)
        .execute(),
      this.db
        .selectFrom('users')
        .select('cover_key as key')
        .where('cover_key', 'in', keys)
        .execute(),
      this.db
        .selectFrom('videos')
        .select('thumbnail_key as key')
        .where('thumbnail_key', 'in', keys)
        .execute(),
    ]);
    return new Set(
      [...avatars, ...covers, ...thumbnails].map((r) => r.key).filter((k): k is string => !!k),
    );
  }

  /**
   * The video's files are gone from storage: it can no longer play or be processed as it is. It
   * is failed with `reason`, which its owner reads in the studio, and made private as a failed
   * video is (the owner's choice kept). When its original is still there (`retryable`) its
   * processing job is left failed, made anew if processing had finished and removed it, so the
   * owner's Retry (which requeues a failed job) makes the files again; otherwise any job goes,
   * so no worker starts on files that are not there.
   */
  async markFilesLost(
    trx: Transaction<Database>,
    id: string,
    reason: string,
    now: number,
    options: { retryable: boolean; jobId: string },
  ): Promise<void> {
    await trx
      .updateTable('videos')
      .set({
        status: 'failed',
        processing_error: reason,
        playable: 0,
        visibility: 'private',
        pending_visibility: sql`coalesce(pending_visibility, visibility)`,
        hls_ready: 0,
        storyboard_ready: 0,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    if (!options.retryable) {
      await trx.deleteFrom('processing_jobs').where('video_id', '=', id).execute();
      return;
    }
    const failed = {
      state: 'failed',
      lease_owner: null,
      lease_expires_at: null,
      last_error: reason,
      updated_at: now,
    } as const;
    await trx
      .insertInto('processing_jobs')
      .values({
        id: options.jobId,
        video_id: id,
        attempts: 0,
        run_after: now,
        created_at: now,
        ...failed,
      })
      .onConflict((oc) => oc.column('video_id').doUpdateSet(failed))
      .execute();
  }
}
