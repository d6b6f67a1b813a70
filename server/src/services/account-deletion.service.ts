import type { CommentRepository } from '../repositories/comment.repository.js';
import type { AccountDeletionRepository } from '../repositories/account-deletion.repository.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { AppError } from '../lib/errors.js';
import type { VideoService } from './video.service.js';

/**
 * Rounds of "remove what the account owns, then its row" before giving up: each round after
 * the first exists only because a request already under way when deletion began added a video
 * or a comment, which cannot go on happening once the sessions are gone.
 */
const ROUNDS = 5;

/**
 * Removes an account and everything of it: each video as its owner's delete does (row, job
 * and every file under its prefix, on disk or in the bucket), each comment and reply with the
 * replies and likes under it, the account's likes (other people's counts move with them by
 * trigger), and the account row, whose foreign keys take sessions, subscriptions, history and
 * the rest; then its pictures. Who may delete whom is the caller's decision: the account's
 * owner here, an administrator elsewhere.
 */
export class AccountDeletionService {
  constructor(
    private readonly deps: {
      rows: AccountDeletionRepository;
      sessions: SessionRepository;
      comments: CommentRepository;
      videos: VideoService;
      blobs: BlobStore;
      /**
       * Where unfinished uploads' bytes are: removed with the account rather than left for
       * the upload sweep's expiry.
       */
      uploads?: { remove(id: string): Promise<void> };
      /**
       * Governance's first step (the last active admin is never deleted, by anyone): throws to
       * refuse, else the account stops being staff before anything of it goes.
       */
      retireStaff?: (userId: string) => Promise<void>;
    },
  ) {}

  async deleteAccount(user: UserRow): Promise<void> {
    await this.deps.retireStaff?.(user.id);
    // Signed out everywhere first, so no new request acts for the account while it goes.
    await this.deps.sessions.deleteAllOf(user.id);
    for (let round = 1; ; round += 1) {
      for (const id of await this.deps.rows.videoIdsOf(user.id)) {
        await this.removeVideo(id, user);
      }
      for (const id of await this.deps.rows.commentIdsOf(user.id)) {
        // A reply may already be gone with its parent.
        await this.deps.comments.deleteWithReplies(id);
      }
      // Read before the account's row goes, which takes the upload rows with it.
      const uploads = this.deps.uploads ? await this.deps.rows.uploadIdsOf(user.id) : [];
      const outcome = await this.deps.rows.deleteAccountRows(user.id);
      if (!outcome.left) {
        await Promise.all(outcome.pictures.map((key) => this.deps.blobs.delete(key)));
        for (const id of uploads) await this.deps.uploads?.remove(id);
        return;
      }
      if (round === ROUNDS) {
        throw new AppError(503, 'The account is busy. Try again in a moment.', [], {
          'retry-after': '2',
        });
      }
    }
  }

  private async removeVideo(id: string, owner: UserRow): Promise<void> {
    try {
      await this.deps.videos.remove(id, owner);
    } catch (err) {
      // Deleted meanwhile by another request of the owner's: nothing left to do.
      if (err instanceof AppError && err.statusCode === 404) return;
      throw err;
    }
  }
}
