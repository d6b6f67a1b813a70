import type { Kysely } from 'kysely';
import type { Database, SessionsTable } from '../db/schema.js';
import type { UserRow } from './user.repository.js';

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: SessionsTable): Promise<unknown> {
    return this.db.insertInto('sessions').values(row).execute();
  }

  /** The session's user in one query, only while the session is unexpired. */
  findUser(tokenHash: string, now: number): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .selectAll('u')
      .where('s.token_hash', '=', tokenHash)
      .where('s.expires_at', '>', now)
      .executeTakeFirst();
  }

  delete(tokenHash: string): Promise<unknown> {
    return this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  deleteExpired(now: number): Promise<unknown> {
    return this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}
