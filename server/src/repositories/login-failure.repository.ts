import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

export interface LockSchedule {
  /** How long the account is locked after the nth consecutive failure (0: not locked). */
  lockMs(failures: number): number;
  /** From this many failures on, every lock lasts `lockMs(capFrom)`. */
  capFrom: number;
  /** Failures older than this are forgotten: the next one counts as the first. */
  quietMs: number;
}

export class LoginFailureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one attempt at signing in to `account` as a failure, up front and atomically, unless
   * the account is locked now; sets the lock the new count calls for in the same statement, so
   * concurrent guesses cannot slip past a lock. Answers the new count, or undefined when locked.
   */
  async claimAttempt(
    account: string,
    now: number,
    schedule: LockSchedule,
  ): Promise<number | undefined> {
    const failures = sql<number>`(case when login_failures.updated_at < cast(${now - schedule.quietMs} as bigint)
      then 1 else login_failures.failures + 1 end)`;
    const row = await this.db
      .insertInto('login_failures')
      .values({
        account,
        failures: 1,
        locked_until: now + schedule.lockMs(1),
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('account')
          .doUpdateSet({
            failures,
            locked_until: lockedUntil(failures, now, schedule),
            updated_at: now,
          })
          .where('login_failures.locked_until', '<=', now),
      )
      .returning('failures')
      .executeTakeFirst();
    return row ? Number(row.failures) : undefined;
  }

  async lockedUntil(account: string): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select('locked_until')
      .where('account', '=', account)
      .executeTakeFirst();
    return row ? Number(row.locked_until) : 0;
  }

  /** A successful sign-in forgets the failures. */
  clear(account: string): Promise<unknown> {
    return this.db.deleteFrom('login_failures').where('account', '=', account).execute();
  }

  deleteQuiet(before: number, now: number): Promise<unknown> {
    return this.db
      .deleteFrom('login_failures')
      .where('updated_at', '<', before)
      .where('locked_until', '<=', now)
      .execute();
  }
}

/** `now + lockMs(failures)` as SQL over the new count, one branch per step of the schedule. */
function lockedUntil(
  failures: RawBuilder<number>,
  now: number,
  schedule: LockSchedule,
): RawBuilder<number> {
  const steps: RawBuilder<unknown>[] = [];
  for (let n = 1; n < schedule.capFrom; n += 1) {
    steps.push(sql`when ${failures} = ${n} then cast(${now + schedule.lockMs(n)} as bigint)`);
  }
  // Cast: PostgreSQL would type a CASE of bare parameters as text.
  return sql<number>`(case ${sql.join(steps, sql` `)} else cast(${
    now + schedule.lockMs(schedule.capFrom)
  } as bigint) end)`;
}
