import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { UserRow } from './user.repository.js';

/** The account an old name points at, with what decides whether others may see its channel. */
export type RedirectTarget = Pick<
  UserRow,
  'id' | 'username' | 'suspended_at' | 'awaiting_approval'
>;

/** Usernames that moved (migration 060): the channel is found by them until they expire. */
export class UsernameRedirectRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Points the old name at the user for a while; a name used before is pointed afresh. */
  put(oldUsername: string, userId: string, expiresAt: number): Promise<unknown> {
    return this.db
      .insertInto('username_redirects')
      .values({ old_username: oldUsername, user_id: userId, expires_at: expiresAt })
      .onConflict((oc) =>
        oc.column('old_username').doUpdateSet({ user_id: userId, expires_at: expiresAt }),
      )
      .execute();
  }

  /** The account an unexpired old name points at: its current name, and whether it is hidden. */
  currentName(oldUsername: string, now: number): Promise<RedirectTarget | undefined> {
    return this.db
      .selectFrom('username_redirects as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.id', 'u.username', 'u.suspended_at', 'u.awaiting_approval'])
      .where('r.old_username', '=', oldUsername)
      .where('r.expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Whose old name it is, if anyone's (expired ones count until housekeeping removes them). */
  async ownerOf(oldUsername: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('username_redirects')
      .select('user_id')
      .where('old_username', '=', oldUsername)
      .executeTakeFirst();
    return row?.user_id;
  }

  delete(oldUsername: string): Promise<unknown> {
    return this.db
      .deleteFrom('username_redirects')
      .where('old_username', '=', oldUsername)
      .execute();
  }

  deleteExpired(now: number): Promise<unknown> {
    return this.db.deleteFrom('username_redirects').where('expires_at', '<=', now).execute();
  }
}
