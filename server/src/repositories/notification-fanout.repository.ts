import { sql, type Kysely, type SqlBool } from 'kysely';
import type { NotificationKind } from '@contract';
import type { Database } from '../db/schema.js';
import { newId } from '../lib/ids.js';

type StoredKind = Exclude<NotificationKind, 'new_video'>;

const SETTING_OF: Record<NotificationKind, string> = {
  new_video: 'notify_new_video',
  comment_reply: 'notify_comment_reply',
  video_comment: 'notify_video_comment',
  processing_done: 'notify_processing_done',
  processing_failed: 'notify_processing_failed',
};

/** True unless the recipient (the column `recipient`) turned this kind off. */
function wanted(kind: NotificationKind, recipient: string) {
  return sql<SqlBool>`not exists (select 1 from library_settings ls
    where ls.user_id = ${sql.ref(recipient)} and ls.${sql.ref(SETTING_OF[kind])} = 0)`;
}

/** An epoch-ms parameter as a bigint (PostgreSQL types a bare parameter in a select as text). */
export const ms = (value: number) => sql<number>`cast(${value} as bigint)`;
const text = (value: string) => sql<string>`cast(${value} as varchar(24))`;

/**
 * The notifications a new comment or reply causes, written in the comment's own transaction:
 * the video's owner hears of a comment (and of a reply, unless the reply answers them), the
 * author of the comment replied to hears of the reply; nobody hears of their own words, and
 * nobody of a kind they turned off.
 */
export async function insertCommentNotifications(
  trx: Kysely<Database>,
  comment: { id: string; video_id: string; owner_id: string; parent_id: string | null },
  now: number,
  ids: () => string,
  /** False when the video's owner knows already (they approved the comment themselves). */
  toVideoOwner = true,
): Promise<void> {
  const columns = [
    'id',
    'user_id',
    'kind',
    'video_id',
    'comment_id',
    'actor_id',
    'created_at',
  ] as const;
  let toOwner = trx
    .selectFrom('videos as v')
    .select([
      text(ids()).as('id'),
      'v.owner_id as user_id',
      sql<StoredKind>`'video_comment'`.as('kind'),
      'v.id as video_id',
      text(comment.id).as('comment_id'),
      text(comment.owner_id).as('actor_id'),
      ms(now).as('created_at'),
    ])
    .where('v.id', '=', comment.video_id)
    .where('v.owner_id', '<>', comment.owner_id)
    .where(wanted('video_comment', 'v.owner_id'));
  if (comment.parent_id) {
    // The parent's author hears of it as a reply instead.
    toOwner = toOwner.where('v.owner_id', 'not in', (eb) =>
      eb.selectFrom('comments as p').select('p.owner_id').where('p.id', '=', comment.parent_id!),
    );
  }
  if (toVideoOwner) {
    await trx.insertInto('notifications').columns(columns).expression(toOwner).execute();
  }
  if (!comment.parent_id) return;
  let toParent = trx
    .selectFrom('comments as p')
    .select([
      text(ids()).as('id'),
      'p.owner_id as user_id',
      sql<StoredKind>`'comment_reply'`.as('kind'),
      'p.video_id as video_id',
      text(comment.id).as('comment_id'),
      text(comment.owner_id).as('actor_id'),
      ms(now).as('created_at'),
    ])
    .where('p.id', '=', comment.parent_id)
    .where('p.owner_id', '<>', comment.owner_id)
    .where(wanted('comment_reply', 'p.owner_id'));
  if (!toVideoOwner) {
    // Not even as the author of the comment answered: they approved the reply themselves.
    toParent = toParent.where('p.owner_id', 'not in', (eb) =>
      eb.selectFrom('videos as ov').select('ov.owner_id').where('ov.id', '=', comment.video_id),
    );
  }
  await trx.insertInto('notifications').columns(columns).expression(toParent).execute();
}

/**
 * The owner hears that processing of their upload ended (ready, or failed), unless they turned
 * that kind off: written in the transaction of the job's end (processing/video-jobs.ts).
 */
export async function insertProcessedNotification(
  trx: Kysely<Database>,
  videoId: string,
  kind: 'processing_done' | 'processing_failed',
  now: number,
): Promise<void> {
  await trx
    .insertInto('notifications')
    .columns(['id', 'user_id', 'kind', 'video_id', 'created_at'])
    .expression(
      trx
        .selectFrom('videos as v')
        .select([
          text(newId(now)).as('id'),
          'v.owner_id as user_id',
          sql<StoredKind>`${sql.lit(kind)}`.as('kind'),
          'v.id as video_id',
          ms(now).as('created_at'),
        ])
        .where('v.id', '=', videoId)
        .where(wanted(kind, 'v.owner_id')),
    )
    .execute();
}

/**
 * The notifications written where they arise, in the transaction of what caused them (a
 * comment, the end of a job); reading them is NotificationRepository's.
 */
export class NotificationFanoutRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** See `insertProcessedNotification`: what the end of a job writes, in its transaction. */
  insertProcessed(
    videoId: string,
    kind: 'processing_done' | 'processing_failed',
    now: number,
    trx: Kysely<Database> = this.db,
  ): Promise<void> {
    return insertProcessedNotification(trx, videoId, kind, now);
  }
}
