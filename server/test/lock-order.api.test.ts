import { sql, type Kysely, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockVideoOfComment } from '../src/db/dialect-sql.js';
import type { Database } from '../src/db/schema.js';
import { countDrift, rowsMentioning } from './helpers/account-traces.js';
import { signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Writes lock rows in one order: accounts (in id order), then videos, then their comments and
 * likes. A comment's delete holds its video while it removes the comment, and an account's
 * deletion holds the account's row; a reply, an approval, a suspension or a subscription that
 * reaches the same rows meanwhile waits for the first lock instead of holding a later row
 * against it, which on PostgreSQL was a deadlock and a 500. On SQLite one write transaction
 * holds the whole database, so the same requests simply queue behind it.
 */
let t: TestApp;
let owner: SignedIn;
let author: SignedIn;
let replier: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'lockowner');
  author = await signedInUser(t.server, 'lockauthor');
  replier = await signedInUser(t.server, 'lockreplier');
  admin = await staffUser(t, 'admin', 'lockadmin');
});
afterAll(async () => {
  await t?.close();
});

const writeComment = async (who: SignedIn, videoId: string, content: string) => {
  const res = await call(t, 'POST', `/comments/createcomments/u/${videoId}`, {
    cookie: who.cookie,
    body: { content },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
};

/**
 * Runs `request` while a transaction holds what `lock` takes, and finishes that transaction
 * with `finish` once the request waits for a lock (PostgreSQL): the interleaving where two
 * transactions that lock in different orders deadlock.
 */
async function whileHolding<T>(
  lock: (trx: Transaction<Database>) => Promise<unknown>,
  request: () => Promise<T>,
  finish: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<Awaited<T>> {
  let answer: Promise<T> | undefined;
  await t.database.db.transaction().execute(async (trx) => {
    await lock(trx);
    answer = request();
    await untilALockIsAwaited(t.database.db);
    await finish(trx);
  });
  return await answer!;
}

/** A comment's delete (`CommentRepository.deleteWithReplies`), holding its video meanwhile. */
const deleteHolding = <T>(commentId: string, request: () => Promise<T>) =>
  whileHolding(
    (trx) => lockVideoOfComment(trx, commentId),
    request,
    async (trx) => {
      await trx
        .deleteFrom('likes')
        .where('target_type', '=', 'Comment')
        .where('target_id', '=', commentId)
        .execute();
      await trx.deleteFrom('comments').where('parent_id', '=', commentId).execute();
      await trx.deleteFrom('comments').where('id', '=', commentId).execute();
    },
  );

/** An account's deletion (`AccountDeletionRepository.deleteAccountRows`): its row first. */
const accountDeletionHolding = <T>(userId: string, request: () => Promise<T>) =>
  whileHolding(
    (trx) =>
      trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .$if(t.database.dialect === 'postgres', (qb) => qb.forNoKeyUpdate())
        .execute(),
    request,
    (trx) => trx.deleteFrom('users').where('id', '=', userId).execute(),
  );

/**
 * PostgreSQL: resolves once another session of this database waits for a row lock. SQLite
 * has one connection, which the holder's transaction keeps: the request waits for it already.
 */
async function untilALockIsAwaited(db: Kysely<Database>): Promise<void> {
  if (t.database.dialect !== 'postgres') return;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (rows[0]!.waiting > 0) return;
    if (Date.now() > deadline) throw new Error('no request came to wait for a lock');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a comment deleted while another request reaches it', () => {
  it('answers a reply to it 404 and writes nothing', async () => {
    const video = await publishVideo(t, owner.cookie, { title: 'Reply race' });
    const parent = await writeComment(author, video._id, 'About to go');

    const res = await deleteHolding(parent, () =>
      call(t, 'POST', `/comments/replycomment/u/${parent}`, {
        cookie: replier.cookie,
        body: { content: 'Too late' },
      }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Comment not found.' });
    expect(await rowsMentioning(t.database, [parent])).toEqual([]);
    expect(await countDrift(t.database)).toEqual([]);
  });

  it('answers its approval 404', async () => {
    const video = await publishVideo(t, owner.cookie, { title: 'Approval race' });
    const modes = await call(t, 'PATCH', `/videos/${video._id}`, {
      cookie: owner.cookie,
      body: { commentsMode: 'held' },
    });
    expect(modes.statusCode).toBe(200);
    const held = await writeComment(author, video._id, 'Waiting, then gone');

    const res = await deleteHolding(held, () =>
      call(t, 'POST', `/studio/comments/${held}/approve`, { cookie: owner.cookie }),
    );
    expect(res.statusCode).toBe(404);
    expect(await rowsMentioning(t.database, [held])).toEqual([]);
    expect(await countDrift(t.database)).toEqual([]);
  });

  it('lets its author be suspended meanwhile, hiding the rest of their comments', async () => {
    const video = await publishVideo(t, owner.cookie, { title: 'Suspension race' });
    const doomed = await writeComment(author, video._id, 'Deleted by the owner');
    const kept = await writeComment(author, video._id, 'Hidden by the suspension');

    const res = await deleteHolding(doomed, () =>
      call(t, 'POST', `/admin/users/${author.user._id}/suspend`, {
        cookie: admin.cookie,
        body: { reason: 'Spam' },
      }),
    );
    expect(res.statusCode).toBe(200);
    const page = await call(t, 'GET', `/comments/getvideocomments/u/${video._id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((c: { _id: string }) => c._id)).not.toContain(kept);
    const row = await t.database.db
      .selectFrom('comments')
      .select(['author_suspended', 'hidden'])
      .where('id', '=', kept)
      .executeTakeFirstOrThrow();
    expect([Number(row.author_suspended), Number(row.hidden)]).toEqual([1, 1]);
    expect(await rowsMentioning(t.database, [doomed])).toEqual([]);
    expect(await countDrift(t.database)).toEqual([]);
  });
});

describe('an account deleted while someone subscribes to it', () => {
  it('answers the subscription 404 and leaves no count behind', async () => {
    const leaving = await signedInUser(t.server, 'lockleaving');
    const res = await accountDeletionHolding(leaving.user._id, () =>
      call(t, 'POST', `/subscriptions/u/${leaving.user._id}`, { cookie: replier.cookie }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Channel not found.' });
    expect(await rowsMentioning(t.database, [leaving.user._id])).toEqual([]);
    expect(await countDrift(t.database)).toEqual([]);
  });

  it('signs out a subscriber whose own account went meanwhile, writing nothing', async () => {
    const channel = await signedInUser(t.server, 'lockchannel');
    const leaving = await signedInUser(t.server, 'locksubscriber');
    const res = await accountDeletionHolding(leaving.user._id, () =>
      call(t, 'POST', `/subscriptions/u/${channel.user._id}`, { cookie: leaving.cookie }),
    );
    expect(res.statusCode).toBe(401);
    expect(await rowsMentioning(t.database, [leaving.user._id])).toEqual([]);
    const kept = await t.database.db
      .selectFrom('users')
      .select('subscribers_count')
      .where('id', '=', channel.user._id)
      .executeTakeFirstOrThrow();
    expect(Number(kept.subscribers_count)).toBe(0);
  });
});
