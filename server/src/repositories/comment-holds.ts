import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The one rule for whether others see a comment: `hidden` is 1 when the comment is held for
 * the video owner's approval or its author is suspended, or the same holds for the top-level
 * comment it replies to (a thread goes with its first comment). Pages of comments and the
 * video's kept comment count read `hidden` alone (migration 051).
 *
 * Written for an UPDATE of `comments`, after the statement that changed `held` or
 * `author_suspended` (it reads the parent's committed columns).
 */
export const HIDDEN_NOW = sql<number>`case
  when comments.held = 1 or comments.author_suspended = 1 then 1
  when comments.parent_id is not null and exists (
    select 1 from comments p
    where p.id = comments.parent_id and (p.held = 1 or p.author_suspended = 1)
  ) then 1
  else 0 end`;

/** Recomputes `hidden` for one author's comments and every reply to their comments. */
export async function rehideAuthorThreads(db: Kysely<Database>, authorId: string): Promise<void> {
  await db
    .updateTable('comments')
    .set({ hidden: HIDDEN_NOW })
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', authorId),
        eb(
          'parent_id',
          'in',
          eb
            .selectFrom('comments as t')
            .select('t.id')
            .where('t.owner_id', '=', authorId)
            .where('t.parent_id', 'is', null),
        ),
      ]),
    )
    .execute();
}
