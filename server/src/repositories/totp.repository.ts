import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Two-factor sign-in: the secrets on `users` and the recovery codes (migration 060). */
export class TotpRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async secretsOf(
    userId: string,
  ): Promise<{ secret: string | null; pending: string | null } | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && { secret: row.totp_secret, pending: row.totp_pending_secret };
  }

  setPending(userId: string, secret: string): Promise<unknown> {
    return this.db
      .updateTable('users')
      .set({ totp_pending_secret: secret })
      .where('id', '=', userId)
      .execute();
  }

  /** Turns the pending secret on, with the step its first code used; false if it changed. */
  async enable(userId: string, secret: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', userId)
      .where('totp_pending_secret', '=', secret)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Records that a code of `step` was used, only if no code of that step or a later one was:
   * one conditional update, so the same code cannot sign in twice, even concurrently.
   */
  async claimStep(userId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where('totp_secret', 'is not', null)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** One stored secret written sealed (`v1.` prefix, lib/secret-box.ts), if any is. */
  async anySealed(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['totp_secret', 'totp_pending_secret'])
      .where((eb) =>
        eb.or([eb('totp_secret', 'like', 'v1.%'), eb('totp_pending_secret', 'like', 'v1.%')]),
      )
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    return row.totp_secret?.startsWith('v1.')
      ? row.totp_secret
      : (row.totp_pending_secret ?? undefined);
  }

  /** Accounts with a secret stored before secrets were sealed. */
  plainSecrets(): Promise<
    { id: string; totp_secret: string | null; totp_pending_secret: string | null }[]
  > {
    return this.db
      .selectFrom('users')
      .select(['id', 'totp_secret', 'totp_pending_secret'])
      .where((eb) =>
        eb.or([
          eb.and([eb('totp_secret', 'is not', null), eb('totp_secret', 'not like', 'v1.%')]),
          eb.and([
            eb('totp_pending_secret', 'is not', null),
            eb('totp_pending_secret', 'not like', 'v1.%'),
          ]),
        ]),
      )
      .execute();
  }

  /** Replaces a stored secret with its sealed form, unless it changed meanwhile. */
  async replaceSecret(
    userId: string,
    column: 'totp_secret' | 'totp_pending_secret',
    from: string,
    to: string,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ [column]: to })
      .where('id', '=', userId)
      .where(column, '=', from)
      .execute();
  }

  /** Turns it off: the secrets, the last step and the recovery codes go, together. */
  async disable(userId: string): Promise<void> {
    await this.db.transaction().execute((trx) => clearTwoFactor(trx, userId));
  }

  /** A new set of recovery codes replaces any earlier one. */
  async replaceRecoveryCodes(userId: string, hashes: string[], now: number): Promise<void> {
    await this.db.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('totp_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
      .execute();
  }

  /** Uses a recovery code: true once, when it was unused (the row is deleted). */
  async useRecoveryCode(userId: string, hash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('totp_recovery_codes')
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/**
 * What turning two-factor sign-in off clears, for the account's own switch and the operator's
 * (AccountAdminRepository.turnOffTwoFactor): run it inside the caller's transaction. False,
 * clearing nothing, when it was not on.
 */
export async function clearTwoFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  const changed = await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
    .where('id', '=', userId)
    .where('totp_secret', 'is not', null)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return false;
  await db.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  return true;
}
