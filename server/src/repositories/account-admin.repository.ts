import { clearTwoFactor } from './totp.repository.js';
import {
  PostgresAdapter,
  sql,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import type { Role, UserState } from '@contract';
import { escapeLike } from '../db/dialect-sql.js';
import type { Dialect } from '../db/database.js';
import type { AuditLogTable, Database, UsersTable } from '../db/schema.js';
import { endLinks } from './account-token.repository.js';
import { insertAudit } from './audit.repository.js';
import { USER_COLUMNS } from './columns.js';
import { rehideAuthorThreads } from './comment-holds.js';
import { ownerSuspendedPatch } from './video-holds.js';
import { findUserByLogin, type UserRow } from './user.repository.js';

type AuditEntry = Insertable<AuditLogTable>;

/** An account as the console shows it: its row, and whether sign-in asks it for a code. */
export type ConsoleUserRow = UserRow & { two_factor: number };

// The secret itself never leaves the two-factor checks; the console learns only that one is set.
const twoFactorOn = sql<number>`case when totp_secret is null then 0 else 1 end`.as('two_factor');

/** What a change guarded by the last-admin rule did. */
export type GuardedOutcome = 'done' | 'missing' | 'last-admin';

/**
 * Accounts as staff and the operator change them: roles, passwords, quotas, new accounts.
 * Each change commits with its audit entry. Changes that could leave the instance without an
 * active admin run with every admin row locked (PostgreSQL; SQLite's write lock already
 * serialises them), so two admins demoting each other at once cannot both succeed.
 */
export class AccountAdminRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** `db`: a transaction to read in, when the caller runs one. */
  findById(id: string, db: Kysely<Database> = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The account as the console shows it, after an action on it. */
  consoleRow(id: string): Promise<ConsoleUserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .select(twoFactorOn)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('username', '=', username)
      .executeTakeFirst();
  }

  /** By username, or by email when it has an `@` (user.repository.ts's one lookup). */
  findByLogin(login: string): Promise<UserRow | undefined> {
    return findUserByLogin(this.db, login);
  }

  /** An audit entry of an action that ran in transactions of its own (a deletion). */
  async record(audit: AuditEntry): Promise<void> {
    await insertAudit(this.db, audit);
  }

  /** A new account and its audit entry. */
  async insertAccount(row: Insertable<UsersTable>, audit: AuditEntry): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(row).execute();
      await insertAudit(trx, audit);
    });
  }

  /**
   * Runs `change` on the target with the admins locked, unless `refuses` says the change would
   * leave no active admin, given how many there are now.
   */
  async withAdminsLocked(
    targetId: string,
    refuses: (target: UserRow, activeAdmins: number) => boolean,
    change: (trx: Transaction<Database>, target: UserRow) => Promise<void>,
  ): Promise<GuardedOutcome> {
    return this.db.transaction().execute(async (trx) => {
      let admins = trx.selectFrom('users').select('id').where('role', '=', 'admin');
      if (this.dialect === 'postgres') admins = admins.forUpdate();
      await admins.execute();
      const target = await trx
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('id', '=', targetId)
        .executeTakeFirst();
      if (!target) return 'missing';
      const active = await trx
        .selectFrom('users')
        .select(sql<number>`count(*)`.as('n'))
        .where('role', '=', 'admin')
        .where('suspended_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (refuses(target, Number(active.n))) return 'last-admin';
      await change(trx, target);
      return 'done';
    });
  }

  /** Used inside `withAdminsLocked`. */
  async setRole(trx: Transaction<Database>, id: string, role: Role, audit: AuditEntry) {
    await trx.updateTable('users').set({ role }).where('id', '=', id).execute();
    await insertAudit(trx, audit);
  }

  /** Used inside `withAdminsLocked`: an account about to be deleted stops counting as staff. */
  async dropRole(trx: Transaction<Database>, id: string) {
    await trx.updateTable('users').set({ role: 'user' }).where('id', '=', id).execute();
  }

  /** A new password ends every session of the account and forgets its failed sign-ins. */
  async setPassword(id: string, passwordHash: string, audit: AuditEntry): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      await trx.deleteFrom('login_failures').where('account', '=', `user:${id}`).execute();
      // Links still out stop working, as after a reset by mail.
      await endLinks(trx, id, 'password');
      await insertAudit(trx, audit);
      return true;
    });
  }

  /**
   * Turns two-factor sign-in off: the secrets, the last step and the recovery codes go, with
   * the audit entry, in one transaction. False when it was not on.
   */
  async turnOffTwoFactor(id: string, audit: AuditEntry): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await clearTwoFactor(trx, id))) return false;
      await insertAudit(trx, audit);
      return true;
    });
  }

  async setQuota(id: string, quotaBytes: number | null, audit: AuditEntry): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('users')
        .set({ quota_bytes: quotaBytes })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return false;
      await insertAudit(trx, audit);
      return true;
    });
  }

  /**
   * Used inside `withAdminsLocked`: the account is suspended, its sessions end, and its videos
   * and comments are held from others (video-holds.ts, comment-holds.ts). Answers the videos
   * others could see until now, whose files move to a new prefix afterwards.
   */
  async suspend(
    trx: Transaction<Database>,
    id: string,
    reason: string,
    now: number,
    audit: AuditEntry,
  ): Promise<string[]> {
    const shown = await trx
      .selectFrom('videos')
      .select('id')
      .where('owner_id', '=', id)
      .where('visibility', '<>', 'private')
      .execute();
    await trx
      .updateTable('users')
      .set({ suspended_at: now, suspension_reason: reason })
      .where('id', '=', id)
      .execute();
    await lockVideosOfAccount(trx, id);
    await trx
      .updateTable('videos')
      .set(ownerSuspendedPatch(true))
      .where('owner_id', '=', id)
      .execute();
    await trx
      .updateTable('comments')
      .set({ author_suspended: 1 })
      .where('owner_id', '=', id)
      .execute();
    await rehideAuthorThreads(trx, id);
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await insertAudit(trx, audit);
    return shown.map((r) => r.id);
  }

  /** The suspension lifted: the account's videos and comments show again as their owner chose. */
  async unsuspend(id: string, audit: AuditEntry): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const lifted = await trx
        .updateTable('users')
        .set({ suspended_at: null, suspension_reason: null })
        .where('id', '=', id)
        .where('suspended_at', 'is not', null)
        .executeTakeFirst();
      if (Number(lifted.numUpdatedRows) === 0) return false;
      await lockVideosOfAccount(trx, id);
      await trx
        .updateTable('videos')
        .set(ownerSuspendedPatch(false))
        .where('owner_id', '=', id)
        .execute();
      await trx
        .updateTable('comments')
        .set({ author_suspended: 0 })
        .where('owner_id', '=', id)
        .execute();
      await rehideAuthorThreads(trx, id);
      await insertAudit(trx, audit);
      return true;
    });
  }

  /** A held sign-up let in; false when it was not waiting. */
  async approve(id: string, audit: AuditEntry): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const approved = await trx
        .updateTable('users')
        .set({ awaiting_approval: 0 })
        .where('id', '=', id)
        .where('awaiting_approval', '=', 1)
        .executeTakeFirst();
      if (Number(approved.numUpdatedRows) === 0) return false;
      await insertAudit(trx, audit);
      return true;
    });
  }

  /**
   * A page of accounts for the console, newest first, with how many match and how many wait
   * for approval. The text filter is a substring of the username or email (both stored in
   * lower case): a scan, bounded by the page, for a list staff open now and then.
   */
  async page(filter: AccountFilter, limit: number, offset: number): Promise<AccountPage> {
    const filtered = <Q extends SelectQueryBuilder<Database, 'users', object>>(q: Q): Q => {
      let out = q;
      if (filter.text) {
        const pattern = `%${escapeLike(filter.text.toLowerCase())}%`;
        out = out.where((eb) =>
          eb.or([
            eb('username', 'like', sql<string>`${pattern} escape '\\'`),
            eb('email', 'like', sql<string>`${pattern} escape '\\'`),
          ]),
        ) as Q;
      }
      if (filter.role) out = out.where('role', '=', filter.role) as Q;
      if (filter.state === 'pending') out = out.where('awaiting_approval', '=', 1) as Q;
      if (filter.state === 'suspended') out = out.where('suspended_at', 'is not', null) as Q;
      if (filter.state === 'active') {
        out = out.where('suspended_at', 'is', null).where('awaiting_approval', '=', 0) as Q;
      }
      return out;
    };
    const [rows, total, pending] = await Promise.all([
      filtered(this.db.selectFrom('users').select(USER_COLUMNS).select(twoFactorOn))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      filtered(
        this.db.selectFrom('users').select(sql<number>`count(*)`.as('n')),
      ).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('users')
        .select(sql<number>`count(*)`.as('n'))
        .where('awaiting_approval', '=', 1)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n), pending: Number(pending.n) };
  }
}

export interface AccountFilter {
  text?: string;
  state?: UserState;
  role?: Role;
}

export interface AccountPage {
  rows: ConsoleUserRow[];
  total: number;
  pending: number;
}

/**
 * PostgreSQL: locks every video a suspension (or its lifting) changes, in id order, right
 * after the account's row: the account's own videos and those it commented on (replies under
 * its threads are on the same videos). Updating the comments first would lock them before
 * their videos (moved by trigger), the reverse of a comment's delete (lockVideoOfComment), and
 * deadlock with it. SQLite needs nothing: a write transaction holds the whole database.
 */
async function lockVideosOfAccount(trx: Transaction<Database>, userId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx
    .selectFrom('videos')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', userId),
        eb('id', 'in', eb.selectFrom('comments').select('video_id').where('owner_id', '=', userId)),
      ]),
    )
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}
