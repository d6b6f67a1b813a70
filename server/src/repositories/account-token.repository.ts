import type { Kysely } from 'kysely';
import type { AccountTokensTable, Database } from '../db/schema.js';

export type TokenPurpose = AccountTokensTable['purpose'];

/**
 * The links still out that each change to an account makes worthless: one rule, so every way
 * of making the change (by mail, in Settings, by an admin or the operator) ends the same ones.
 * Whoever held a session and the password could have asked for an address change, and its
 * link goes to them, not to the owner: once the owner takes the account back, it must die.
 */
export const LINKS_ENDED_BY = {
  /** A new password: reset by mail, changed in Settings, or set by an admin or the CLI. */
  password: ['password-reset', 'change-email'],
  /** "Sign out everywhere else": the owner no longer trusts a session that may have asked. */
  signOutEverywhere: ['change-email'],
  /** A new address: every other link was sent to, or asked for under, the old one. */
  address: ['verify-email', 'change-email', 'password-reset'],
  /** A newer address change replaces the one pending. */
  addressRequest: ['change-email'],
} as const satisfies Record<string, readonly TokenPurpose[]>;

export type LinkEndingChange = keyof typeof LINKS_ENDED_BY;

/** Ends the account's unused links that `change` makes worthless (also inside a transaction). */
export function endLinks(
  db: Kysely<Database>,
  userId: string,
  change: LinkEndingChange,
): Promise<unknown> {
  return db
    .deleteFrom('account_tokens')
    .where('user_id', '=', userId)
    .where('purpose', 'in', LINKS_ENDED_BY[change])
    .where('used_at', 'is', null)
    .execute();
}

/** Rolls back a transaction whose link turned out to be used meanwhile. */
class LinkGone extends Error {}

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

  /** Ends the account's unused links that `change` makes worthless (LINKS_ENDED_BY). */
  endLinks(userId: string, change: LinkEndingChange): Promise<unknown> {
    return endLinks(this.db, userId, change);
  }

  /**
   * Uses an address-change link and makes the change, in one transaction: the account's row is
   * written first, so two links of one account confirmed at once are taken one after the other
   * and the second finds itself ended by the first. The change ends every other link (see
   * LINKS_ENDED_BY.address). Undefined, with nothing changed, when the link is no longer usable.
   */
  async takeAddressChange(
    tokenHash: string,
    link: { user_id: string; email: string },
    now: number,
  ): Promise<{ user_id: string; email: string } | undefined> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ email: link.email, email_verified: 1 })
          .where('id', '=', link.user_id)
          .execute();
        const taken = await trx
          .updateTable('account_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', tokenHash)
          .where('purpose', '=', 'change-email')
          .where('user_id', '=', link.user_id)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning(['user_id', 'email'])
          .executeTakeFirst();
        if (!taken) throw new LinkGone();
        await endLinks(trx, link.user_id, 'address');
        return taken;
      });
    } catch (err) {
      if (err instanceof LinkGone) return undefined;
      throw err;
    }
  }

  /** Expired links; used ones are kept until then, so reuse is told apart from nonsense. */
  deleteExpired(now: number): Promise<unknown> {
    return this.db.deleteFrom('account_tokens').where('expires_at', '<=', now).execute();
  }
}
