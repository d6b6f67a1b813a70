import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';
import { USER_COLUMNS, qualified, type UserColumn } from './columns.js';

/** A user as the server holds one: never the password hash (see findCredentials). */
export type UserRow = Pick<Selectable<UsersTable>, UserColumn>;

/**
 * The governance columns of an account just made: an ordinary user, active, or waiting for a
 * moderator when registration asks for approval.
 */
export function newAccountState(
  awaitingApproval = false,
): Pick<
  UserRow,
  'role' | 'suspended_at' | 'suspension_reason' | 'awaiting_approval' | 'quota_bytes'
> {
  return {
    role: 'user',
    suspended_at: null,
    suspension_reason: null,
    awaiting_approval: awaitingApproval ? 1 : 0,
    quota_bytes: null,
  };
}

/**
 * One account by its username, or by its email when the name has an `@` (a username never
 * does). Both are stored lower-cased, so equality is case-insensitive. Shared by the
 * repositories that look accounts up by what people type.
 */
export function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where(login.includes('@') ? 'email' : 'username', '=', login)
    .executeTakeFirst();
}

export interface UserWithCounts extends UserRow {
  subscribers_count: number;
}

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: Insertable<UsersTable>): Promise<unknown> {
    return this.db.insertInto('users').values(row).execute();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** Usernames and emails are stored lower-cased, so equality is case-insensitive. */
  findByLogin(identifier: string): Promise<UserRow | undefined> {
    return findUserByLogin(this.db, identifier);
  }

  /** The password hash alone, for a signed-in check of the password (null: none set). */
  async passwordHashOf(id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.password_hash ?? null;
  }

  /**
   * The user and their password hash, for the sign-in check only. Usernames and emails are
   * stored lower-cased, so equality is case-insensitive.
   */
  findCredentials(
    identifier: string,
  ): Promise<{ user: UserRow; passwordHash: string | null } | undefined> {
    const column = identifier.includes('@') ? 'email' : 'username';
    return this.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .select('password_hash')
      .where(column, '=', identifier)
      .executeTakeFirst()
      .then((row) => {
        if (!row) return undefined;
        const { password_hash: passwordHash, ...user } = row;
        return { user, passwordHash };
      });
  }

  /**
   * Whether an account has the username or the email. A username that moved away from its
   * channel recently is taken too: it still leads to that channel (username_redirects).
   */
  async findTaken(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
    const rows = await this.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', email)]))
      .execute();
    const reserved = await this.db
      .selectFrom('username_redirects')
      .select('old_username')
      .where('old_username', '=', username)
      .executeTakeFirst();
    return {
      username: reserved !== undefined || rows.some((r) => r.username === username),
      email: rows.some((r) => r.email === email),
    };
  }

  /** Whether an account (other than `exceptId`) is called this now. */
  async usernameInUse(username: string, exceptId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .where('id', '<>', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The columns the profile form changes; only those given. */
  /** Answers whether the account still exists (it may be deleted while a change is on its way). */
  async updateProfile(
    id: string,
    patch: Partial<Pick<UserRow, 'full_name' | 'bio' | 'avatar_key' | 'cover_key' | 'username'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set(patch)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  setPasswordHash(id: string, passwordHash: string): Promise<unknown> {
    return this.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', id)
      .execute();
  }

  /** Marks the address verified, only if it is still the account's address. */
  async markEmailVerified(id: string, email: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('id', '=', id)
      .where('email', '=', email)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A new address; `verified` 1 when a link sent to it was followed. */
  changeEmail(id: string, email: string, verified: 0 | 1): Promise<unknown> {
    return this.db
      .updateTable('users')
      .set({ email, email_verified: verified })
      .where('id', '=', id)
      .execute();
  }

  /** One round trip: the user plus the counts a channel header shows. */
  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('username', '=', username)
      .executeTakeFirst();
  }

  findByUsernameWithCounts(username: string): Promise<UserWithCounts | undefined> {
    return this.db
      .selectFrom('users as u')
      .select(qualified('u', USER_COLUMNS))
      .select('u.subscribers_count')
      .where('u.username', '=', username)
      .executeTakeFirst() as Promise<UserWithCounts | undefined>;
  }

  /**
   * A channel's videos per visibility as its owner chose it (`pending_visibility` while a
   * video is being processed), from the (owner_id, …) index: for the owner's own header.
   */
  async videoCountsByChoice(ownerId: string): Promise<{ visibility: string; n: number }[]> {
    const choice = sql<string>`coalesce(pending_visibility, visibility)`;
    const rows = await this.db
      .selectFrom('videos')
      .select([choice.as('visibility'), sql<number>`count(*)`.as('n')])
      .where('owner_id', '=', ownerId)
      .groupBy(choice)
      .execute();
    return rows.map((r) => ({ visibility: r.visibility, n: Number(r.n) }));
  }

  /** What the account's own settings show of its secrets: only whether they are set. */
  async securityOf(id: string): Promise<{ hasPassword: boolean; totpEnabled: boolean }> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => [
        eb.case().when('password_hash', 'is', null).then(0).else(1).end().as('has_password'),
        eb.case().when('totp_secret', 'is', null).then(0).else(1).end().as('totp_enabled'),
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    return {
      hasPassword: Number(row?.has_password) === 1,
      totpEnabled: Number(row?.totp_enabled) === 1,
    };
  }

  async countSubscribers(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select(sql<number>`count(*)`.as('n'))
      .where('channel_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async isSubscribed(subscriberId: string, channelId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('channel_id')
      .where('subscriber_id', '=', subscriberId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
