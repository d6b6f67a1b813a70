import type { UserRow } from '../repositories/user.repository.js';

/**
 * Whether an account's channel is hidden from everyone else: while it is suspended, or still
 * waiting for approval. Its videos and comments are hidden by their own rows (video-holds.ts,
 * comment-holds.ts); this is for what reads the account itself (its channel page, its feed,
 * the head of its page, reports of it).
 */
export function isChannelHidden(
  user: Pick<UserRow, 'suspended_at' | 'awaiting_approval'>,
): boolean {
  return user.suspended_at !== null || Number(user.awaiting_approval) === 1;
}
