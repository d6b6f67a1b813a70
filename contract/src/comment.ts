import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { multiLine } from './text.js';
import { cursorQuerySchema, nextCursorSchema } from './paging.js';

/** Who wrote a comment: the same three fields a video's owner carries. */
export const commentOwnerSchema = z.object({
  _id: z.string(),
  username: z.string(),
  avatar: z.string(),
});

const commentFields = {
  _id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  owner: commentOwnerSchema,
  likesCount: z.number().int(),
  isLikedByUser: z.boolean(),
  isDislikedByUser: z.boolean(),
  /**
   * True while it waits for the video owner's approval: then only its author and the video's
   * owner see it.
   */
  held: z.boolean(),
};

/** A reply: one level of nesting only, so it never has replies of its own (always empty). */
export const replySchema = z.object({
  ...commentFields,
  replies: z.array(z.never()).describe('Always empty: replies are one level deep.'),
});
export type Reply = z.infer<typeof replySchema>;

export const commentSchema = z.object({
  ...commentFields,
  replies: z.array(replySchema).describe('Replies in the order they were written, oldest first.'),
});
export type Comment = z.infer<typeof commentSchema>;

/**
 * Content of a comment, reply or edit: stored trimmed, as typed otherwise. HTML is plain text
 * here; showing it as text is the client's job.
 */
export const commentContentSchema = z
  .string({ error: MESSAGES.commentMin })
  .trim()
  .min(LIMITS.minTrimmed, MESSAGES.commentMin)
  .max(LIMITS.commentMax, MESSAGES.commentMax)
  .regex(...multiLine('Comment'));

export const commentBodySchema = z.object({ content: commentContentSchema });
export type CommentBody = z.infer<typeof commentBodySchema>;

export const commentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.commentsPageSize),
  cursor: cursorQuerySchema,
});
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;

/** Read by clients at the top level (API notes). */
export const commentListSchema = z.object({
  statusCode: z.number().int(),
  success: z.literal(true),
  message: z.string(),
  data: z
    .array(commentSchema)
    .describe('Top-level comments, newest first, each with all of its replies.'),
  totalComments: z
    .number()
    .int()
    .describe('Every comment on the video: top-level comments plus replies.'),
  totalPages: z.number().int().describe('Pages of top-level comments at this limit.'),
  currentPage: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type CommentList = z.infer<typeof commentListSchema>;
