import type { Kysely } from 'kysely';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database, SessionsTable } from '../db/schema.js';
import type { UserRow } from './user.repository.js';

export class SessionRepository {
  // Every signed-in request asks it.
  private readonly userOf;

  constructor(private readonly db: Kysely<Database>) {
    this.userOf = preparedQuery<{ tokenHash: string; now: number }, UserRow>(db, (arg) =>
      db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .selectAll('u')
        .where('s.token_hash', '=', arg('tokenHash'))
        .where('s.expires_at', '>', arg('now')),
    );
  }

  insert(row: SessionsTable): Promise<unknown> {
    return this.db.insertInto('sessions').values(row).execute();
  }

  /** The session's user in one query, only while the session is unexpired. */
  async findUser(tokenHash: string, now: number): Promise<UserRow | undefined> {
    return (await this.userOf({ tokenHash, now }))[0];
  }

  delete(tokenHash: string): Promise<unknown> {
    return this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  deleteExpired(now: number): Promise<unknown> {
    return this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}
