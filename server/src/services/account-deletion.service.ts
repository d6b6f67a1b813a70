import type { CommentRepository } from '../repositories/comment.repository.js';
import type { AccountDeletionRepository } from '../repositories/account-deletion.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { VideoService } from './video.service.js';

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
      comments: CommentRepository;
      videos: VideoService;
      blobs: BlobStore;
    },
  ) {}

  async deleteAccount(user: UserRow): Promise<void> {
    for (const id of await this.deps.rows.videoIdsOf(user.id)) {
      await this.deps.videos.remove(id, user);
    }
    for (const id of await this.deps.rows.commentIdsOf(user.id)) {
      // A reply may already be gone with its parent.
      await this.deps.comments.deleteWithReplies(id);
    }
    await this.deps.rows.deleteAccountRows(user.id);
    const pictures = [user.avatar_key, user.cover_key].filter((k): k is string => Boolean(k));
    await Promise.all(pictures.map((key) => this.deps.blobs.delete(key)));
  }
}
