import type { Kysely } from 'kysely';
import type { AccountTokensTable, Database } from '../db/schema.js';

export type TokenPurpose = AccountTokensTable['purpose'];

/** Links sent by mail, by the SHA-256 of their token (migration 060). */
export class AccountTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: AccountTokensTable): Promise<unknown> {
    return this.db.insertInto('account_tokens').values(row).execute();
  }

  /**
   * Uses the token once: one conditional update, so two requests with the same link cannot
   * both succeed. Undefined when it is unknown, of another purpose, used or expired.
   */
  take(
    tokenHash: string,
    purpose: TokenPurpose,
    now: number,
  ): Promise<{ user_id: string; email: string } | undefined> {
    return this.db
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'email'])
      .executeTakeFirst();
  }

  /** The row as it is, if any: why `take` refused, or what a link is for before it is used. */
  find(
    tokenHash: string,
    purpose: TokenPurpose,
  ): Promise<
    { user_id: string; email: string; used_at: number | null; expires_at: number } | undefined
  > {
    return this.db
      .selectFrom('account_tokens')
      .select(['user_id', 'email', 'used_at', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
  }

  /** Every unused link of one purpose: a new password makes older reset links worthless. */
  deleteUnused(userId: string, purpose: TokenPurpose): Promise<unknown> {
    return this.db
      .deleteFrom('account_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Expired links; used ones are kept until then, so reuse is told apart from nonsense. */
  deleteExpired(now: number): Promise<unknown> {
    return this.db.deleteFrom('account_tokens').where('expires_at', '<=', now).execute();
  }
}
