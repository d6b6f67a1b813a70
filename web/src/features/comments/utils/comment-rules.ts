import { LIMITS } from '@contract';

/** Comments, replies and edits need 4 to 5000 characters once surrounding space is trimmed. */
export function isCommentSubmittable(text: string): boolean {
  const length = text.trim().length;
  return length >= LIMITS.minTrimmed && length <= LIMITS.commentMax;
}
