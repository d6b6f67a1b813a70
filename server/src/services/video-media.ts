import type { Transaction, Updateable } from 'kysely';
import type { Database, VideosTable } from '../db/schema.js';
import { notFound } from '../lib/errors.js';
import { Semaphore } from '../lib/semaphore.js';
import type { MediaRepository, VideoMediaRow } from '../repositories/media.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { newMediaToken, thumbnailKey, videoPrefix } from '../storage/media-keys.js';
import { MESSAGES } from '@contract';
import { isOutputName, VIDEO_MP4 } from '../processing/output-names.js';
import type { ReprocessedOutputs } from '../processing/reprocess-job.js';

export interface MediaEdit {
  /** Column changes of the edit itself (title, visibility, …), written with the media columns. */
  patch: Updateable<VideosTable>;
  /** A re-encoded thumbnail replacing the current one. */
  thumbnail?: Buffer;
  /** Move every file to a new prefix, so URLs handed out before stop working. */
  newPrefix: boolean;
  /** More writes of the same transaction (an audit entry), after the row's update. */
  alongside?: (trx: Transaction<Database>) => Promise<void>;
}

/**
 * The files of a video as one unit: where they go, how an edit replaces the thumbnail or moves
 * them all to a new prefix, and how they go away. Edits of one video run one after another
 * under its row lock, each deleting what it replaced only after its commit; a failed edit
 * removes what it wrote and moves back what it moved, so no file is orphaned or lost.
 */
export class VideoMedia {
  constructor(
    private readonly deps: {
      blobs: BlobStore;
      media: MediaRepository;
      log?: (message: string, err: unknown) => void;
    },
  ) {}

  /**
   * Takes back every media URL of the video handed out so far: its files move to a new
   * prefix (a new `media_token`) and the row follows in the same transaction, so old URLs
   * answer 404 at the origin at once and a CDN's copies stop being refreshed. `patch` is
   * written with it (the change that called for it). The one way to rotate: a video becoming
   * visible to fewer people uses it (see media-rotation.ts), as may any other rule that hides a
   * video (a block, a suspension). `alongside`: more writes of the same transaction (an
   * audit entry).
   */
  async rotateToken(
    videoId: string,
    patch: Updateable<VideosTable> = {},
    alongside?: MediaEdit['alongside'],
  ): Promise<void> {
    await this.edit(videoId, { patch, newPrefix: true, alongside });
  }

  async edit(videoId: string, edit: MediaEdit): Promise<void> {
    const { blobs } = this.deps;
    const written: string[] = [];
    const moved: [from: string, to: string][] = [];
    let replaced: string | undefined;
    try {
      await this.deps.media.withLockedVideo(videoId, async (trx, row) => {
        if (!row) throw notFound(MESSAGES.videoNotFoundApi);
        let token = row.media_token;
        let videoKey = row.video_key;
        let thumbKey = row.thumbnail_key;
        if (edit.newPrefix) {
          token = newMediaToken();
          const plan = await this.movePlan(row, token);
          await this.moveAll(plan, moved);
          // The row's keys follow, whether or not their files exist yet (processing's outputs).
          videoKey = movedKey(row, videoKey, token);
          thumbKey = movedKey(row, thumbKey, token);
        }
        if (edit.thumbnail) {
          // Every file lives under a prefix: a row without a token (null) gets one.
          token ??= newMediaToken();
          const key = thumbnailKey(row.id, token);
          written.push(key);
          await blobs.putBuffer(key, edit.thumbnail);
          replaced = thumbKey;
          thumbKey = key;
        }
        await this.deps.media.update(trx, row.id, {
          ...edit.patch,
          media_token: token,
          video_key: videoKey,
          thumbnail_key: thumbKey,
        });
        await edit.alongside?.(trx);
      });
    } catch (err) {
      await this.undo(written, moved);
      throw err;
    }
    // Only once the row points at the new file may the old one go.
    if (replaced) await blobs.delete(replaced);
  }

  /**
   * Runs the plan's moves, `moveConcurrency` at a time, recording each done in `moved`: the row
   * lock (and on SQLite the write lock) is held meanwhile, and an object store's move is two
   * requests. After a failure no further move starts, and every started one has ended before
   * it throws, so the undo sees them all.
   */
  private async moveAll(plan: [string, string][], moved: [string, string][]): Promise<void> {
    const gate = new Semaphore(this.deps.blobs.moveConcurrency);
    let failure: { err: unknown } | undefined;
    await Promise.all(
      plan.map(([from, to]) =>
        gate.run(async () => {
          if (failure) return;
          try {
            if (await this.deps.blobs.move(from, to)) moved.push([from, to]);
          } catch (err) {
            failure ??= { err };
          }
        }),
      ),
    );
    if (failure) throw failure.err;
  }

  /**
   * Every file under the current prefix, with its place under the new token. A row without a
   * token has no prefix, so nothing to move.
   */
  private async movePlan(row: VideoMediaRow, newToken: string): Promise<[string, string][]> {
    if (!row.media_token) return [];
    const keys = await this.deps.blobs.list(videoPrefix(row.id, row.media_token));
    return keys.map((key) => [key, movedKey(row, key, newToken)]);
  }

  private async undo(written: string[], moved: [string, string][]): Promise<void> {
    for (const key of written) {
      await this.deps.blobs.delete(key).catch((err) => this.deps.log?.(`delete ${key}`, err));
    }
    for (const [from, to] of moved.reverse()) {
      await this.deps.blobs
        .move(to, from)
        .catch((err) => this.deps.log?.(`move ${to} back to ${from}`, err));
    }
  }

  /**
   * A finished reprocess: the prefix of `token` (the row's `reprocess_token`) holds the video's
   * new outputs. Everything else of the video (its original, thumbnail and captions) moves
   * there from the current prefix, and the row follows in the same transaction with `patch`
   * (what the new outputs say), so viewers switch from the old outputs to the new in one step;
   * the old outputs go after the commit. As with any move, media URLs handed out before stop
   * working. False, changing nothing, when the video or its pending reprocess is gone.
   */
  async adoptPrefix(videoId: string, token: string, patch: ReprocessedOutputs): Promise<boolean> {
    const moved: [from: string, to: string][] = [];
    let oldOutputs: string[] = [];
    let adopted = false;
    try {
      adopted = await this.deps.media.withLockedVideo(videoId, async (trx, row) => {
        if (!row || row.reprocess_token !== token) return false;
        const next = videoPrefix(row.id, token);
        const current = row.media_token ? videoPrefix(row.id, row.media_token) : undefined;
        const plan: [string, string][] = [];
        for (const key of current ? await this.deps.blobs.list(current) : []) {
          const name = key.slice(current!.length);
          if (isOutputName(name)) oldOutputs.push(key);
          else plan.push([key, `${next}${name}`]);
        }
        await this.moveAll(plan, moved);
        const thumbnail = plan.find(([from]) => from === row.thumbnail_key)?.[1];
        await this.deps.media.update(trx, row.id, {
          ...patch,
          media_token: token,
          reprocess_token: null,
          video_key: `${next}${VIDEO_MP4}`,
          thumbnail_key: thumbnail ?? row.thumbnail_key,
        });
        return true;
      });
    } catch (err) {
      oldOutputs = [];
      await this.undo([], moved);
      throw err;
    }
    // Only once the row points at the new outputs may the old ones go.
    await Promise.all(
      oldOutputs.map((key) =>
        this.deps.blobs.delete(key).catch((err) => this.deps.log?.(`delete ${key}`, err)),
      ),
    );
    return adopted;
  }

  /**
   * After the row is gone: every file of the video, under any prefix of it (a pending
   * reprocess's, or one a failed move left behind).
   */
  async removeAll(row: Pick<VideoMediaRow, 'id'>) {
    const keys = await this.deps.blobs.list(`videos/${row.id}/`);
    await Promise.all(keys.map((key) => this.deps.blobs.delete(key)));
  }
}

/** Where a key under the row's current prefix goes under `newToken`; any other key stays. */
function movedKey(row: VideoMediaRow, key: string, newToken: string): string {
  if (!row.media_token) return key;
  const current = videoPrefix(row.id, row.media_token);
  return key.startsWith(current)
    ? `${videoPrefix(row.id, newToken)}${key.slice(current.length)}`
    : key;
}
