import { sql, type Kysely, type NotNull, type SqlBool } from 'kysely';
import { BatchedLookup } from '../db/batched-lookup.js';
import type { Dialect } from '../db/database.js';
import { textArrayParam } from '../db/dialect-sql.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database, SessionsTable } from '../db/schema.js';
import { USER_COLUMNS, qualified } from './columns.js';
import type { UserRow } from './user.repository.js';
import { isLiveSession } from '../rules/session-live.js';

export interface SessionListRow {
  id: string;
  token_hash: string;
  user_agent: string;
  address: string;
  created_at: number;
  last_seen_at: number;
}

/** A session's user, with the session's key and the times that decide whether it is live. */
type SessionUserRow = UserRow & {
  session_token_hash: string;
  session_expires_at: number;
  session_last_seen_at: number;
};

export class SessionRepository {
  /** Every signed-in request asks it: by one key on SQLite, gathered on PostgreSQL. */
  private readonly userOf: (tokenHash: string) => Promise<SessionUserRow | undefined>;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: Dialect,
  ) {
    const sessionUsers = () =>
      db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(qualified('u', USER_COLUMNS))
        .select([
          's.token_hash as session_token_hash',
          's.expires_at as session_expires_at',
          's.last_seen_at as session_last_seen_at',
        ]);
    if (dialect === 'postgres') {
      // A statement per request would cost as much as the page it signs in (batched-lookup.ts).
      const usersOf = preparedQuery<{ tokenHashes: readonly string[] }, SessionUserRow>(db, (arg) =>
        sessionUsers().where(
          sql<SqlBool>`s.token_hash = any(${textArrayParam(arg('tokenHashes'))})`,
        ),
      );
      const lookups = new BatchedLookup(
        (tokenHashes) => usersOf({ tokenHashes }),
        (row) => row.session_token_hash,
      );
      this.userOf = (tokenHash) => lookups.get(tokenHash);
    } else {
      const userOf = preparedQuery<{ tokenHash: string }, SessionUserRow>(db, (arg) =>
        sessionUsers().where('s.token_hash', '=', arg('tokenHash')),
      );
      this.userOf = async (tokenHash) => (await userOf({ tokenHash }))[0];
    }
  }

  insert(row: SessionsTable): Promise<unknown> {
    return this.db.insertInto('sessions').values(row).execute();
  }

  /**
   * The session's user in one query, only while the session is live (`isLiveSession`), with
   * when it was last used.
   */
  async findUser(
    tokenHash: string,
    now: number,
    seenSince: number,
  ): Promise<{ user: UserRow; lastSeenAt: number } | undefined> {
    const row = await this.userOf(tokenHash);
    if (!row) return undefined;
    const {
      session_token_hash: _key,
      session_expires_at: expiresAt,
      session_last_seen_at: lastSeenAt,
      ...user
    } = row;
    if (!isLiveSession({ expires_at: expiresAt, last_seen_at: lastSeenAt }, now, seenSince)) {
      return undefined;
    }
    return { user, lastSeenAt: Number(lastSeenAt) };
  }

  /** Moves last use forward, unless another request already did since `unless`. */
  touch(tokenHash: string, now: number, unlessAfter: number): Promise<unknown> {
    return this.db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', tokenHash)
      .where('last_seen_at', '<', unlessAfter)
      .execute();
  }

  /** When the session was started (sign-in), if it exists. */
  async startedAt(tokenHash: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select('created_at')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row ? Number(row.created_at) : undefined;
  }

  /** Every session of the account (a password reset). */
  deleteAllOf(userId: string): Promise<unknown> {
    return this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  /** Every session of the account but one (a password change, "sign out everywhere else"). */
  deleteOthersOf(userId: string, keepTokenHash: string): Promise<unknown> {
    return this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('token_hash', '<>', keepTokenHash)
      .execute();
  }

  /**
   * The account's live sessions, most recently used first. Every session has an id, though its
   * column allows null (see db/schema.ts).
   */
  listOf(userId: string, now: number, seenSince: number): Promise<SessionListRow[]> {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'token_hash', 'user_agent', 'address', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>=', seenSince)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .$narrowType<{ id: NotNull }>()
      .execute();
  }

  /** Ends one of the account's sessions by its public id; answers whether there was one. */
  async deleteOneOf(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  delete(tokenHash: string): Promise<unknown> {
    return this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Sessions past their lifetime, or unused since `seenBefore` (0: no idle timeout). */
  deleteExpired(now: number, seenBefore: number): Promise<unknown> {
    return this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<', seenBefore)]))
      .execute();
  }
}
