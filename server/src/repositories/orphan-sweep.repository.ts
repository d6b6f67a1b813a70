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
  /** A pending reprocess's prefix token, whose files are being written (migration 052). */
  reprocess_token: string | null;
  /** The caption files (`captions/{name}` under its prefix) its caption rows name. */
  caption_files: readonly string[];
}

const SWEEP_VIDEO_COLUMNS = [
  'id',
  'owner_id',
  'media_token',
  'video_key',
  'thumbnail_key',
  'original_name',
  'reprocess_token',
  'status',
  'playable',
  'processing_error',
] as const;

/** The rows and references the orphan sweep (storage/orphan-sweep.ts) walks beside the store. */
export class OrphanSweepRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Up to `limit` videos after `afterId` (all from the first when undefined), in id order. */
  async videosAfter(afterId: string | undefined, limit: number): Promise<SweepVideoRow[]> {
    let query = this.db.selectFrom('videos').select(SWEEP_VIDEO_COLUMNS);
    if (afterId !== undefined) query = query.where('id', '>', afterId);
    const rows = await query.orderBy('id').limit(limit).execute();
    return this.withCaptionFiles(
      this.db,
      rows.map((r) => r.id),
      rows,
    );
  }

  /** The video's row as it is now, in a transaction holding its lock (`withLockedVideo`). */
  lockedVideo(trx: Transaction<Database>, id: string): Promise<SweepVideoRow | undefined> {
    return this.videoIn(trx, id);
  }

  /** The video's row as it is now, for a sweep that changes nothing. */
  video(id: string): Promise<SweepVideoRow | undefined> {
    return this.videoIn(this.db, id);
  }

  private async videoIn(db: Kysely<Database>, id: string): Promise<SweepVideoRow | undefined> {
    const row = await db
      .selectFrom('videos')
      .select(SWEEP_VIDEO_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? (await this.withCaptionFiles(db, [id], [row]))[0] : undefined;
  }

  /** Each row with the caption files its caption rows name: one query for the whole page. */
  private async withCaptionFiles<R extends { id: string }>(
    db: Kysely<Database>,
    ids: readonly string[],
    rows: R[],
  ): Promise<(R & { caption_files: string[] })[]> {
    const files = new Map<string, string[]>();
    if (ids.length > 0) {
      const captions = await db
        .selectFrom('video_captions')
        .select(['video_id', 'file_name'])
        .where('video_id', 'in', ids)
        .execute();
      for (const c of captions) {
        const list = files.get(c.video_id) ?? [];
        list.push(c.file_name);
        files.set(c.video_id, list);
      }
    }
    return rows.map((r) => ({ ...r, caption_files: files.get(r.id) ?? [] }));
  }

  /** Which of `keys` (`images/…`) a user's avatar or cover is. Each column is indexed. */
  async referencedImages(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const [avatars, covers] = await Promise.all([
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
    ]);
    return new Set([...avatars, ...covers].map((r) => r.key).filter((k): k is string => !!k));
  }

  /**
   * The video's files are gone from storage: it can no longer play or be processed as it is. It
   * is failed with `reason`, which its owner reads in the studio, and made private as a failed
   * video is (the owner's choice kept); it counts the bytes it still has (`storedBytes`). Its
   * jobs go, so no worker goes on with files that are not there (a running one loses its lease
   * and stops). When its original is still there (`retryable`), one failed job of `jobKind`
   * (its first) takes their place, so the owner's Retry, which requeues a video with a failed
   * job, makes the files again.
   */
  async markFilesLost(
    trx: Transaction<Database>,
    video: { id: string; owner_id: string },
    reason: string,
    now: number,
    options: { retryable: boolean; jobId: string; jobKind: string; storedBytes: number },
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
        stored_bytes: options.storedBytes,
        ...(options.retryable ? {} : { original_bytes: 0 }),
        updated_at: now,
      })
      .where('id', '=', video.id)
      .execute();
    await trx.deleteFrom('processing_jobs').where('video_id', '=', video.id).execute();
    if (!options.retryable) return;
    await trx
      .insertInto('processing_jobs')
      .values({
        id: options.jobId,
        kind: options.jobKind,
        video_id: video.id,
        owner_id: video.owner_id,
        payload: null,
        priority: 1,
        fair_key: now,
        state: 'failed',
        attempts: 0,
        run_after: now,
        lease_owner: null,
        lease_expires_at: null,
        last_error: reason,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
