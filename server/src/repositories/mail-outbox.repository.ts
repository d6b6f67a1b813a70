import { sql, type Insertable, type Kysely } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { Database, MailOutboxTable } from '../db/schema.js';

export interface ClaimedMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Including this claim. */
  attempts: number;
}

/** The outbox (`mail_outbox`): messages from the request that caused them until delivered. */
export class MailOutboxRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  insert(row: Insertable<MailOutboxTable>): Promise<unknown> {
    return this.db.insertInto('mail_outbox').values(row).execute();
  }

  /**
   * Takes the next due message: a queued one whose backoff has passed, or one whose sender
   * stopped holding its lease (a process that died mid-send). One statement, as the processing
   * queue claims jobs: PostgreSQL skips rows other senders are claiming, SQLite runs it under
   * its single write lock.
   */
  async claim(owner: string, now: number, leaseMs: number): Promise<ClaimedMail | undefined> {
    const lock = this.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<ClaimedMail>`
      update mail_outbox
      set state = 'sending', lease_owner = ${owner}, lease_expires_at = ${now + leaseMs},
        attempts = attempts + 1
      where id = (
        select id from mail_outbox
        where (state = 'queued' and run_after <= ${now})
          or (state = 'sending' and lease_expires_at < ${now})
        order by run_after, id
        limit 1
        ${lock}
      )
      returning id, to_address, subject, text_body, html_body, attempts`.execute(this.db);
    const row = result.rows[0];
    return row ? { ...row, attempts: Number(row.attempts) } : undefined;
  }

  /** Delivered: the row (and the link it carries) is gone. Only while this sender holds it. */
  delivered(id: string, owner: string): Promise<unknown> {
    return this.db
      .deleteFrom('mail_outbox')
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Not delivered: queued again after `runAfter`, or failed for good when that is undefined. */
  notDelivered(
    id: string,
    owner: string,
    error: string,
    runAfter: number | undefined,
  ): Promise<unknown> {
    return this.db
      .updateTable('mail_outbox')
      .set({
        state: runAfter === undefined ? 'failed' : 'queued',
        run_after: runAfter ?? 0,
        lease_owner: null,
        lease_expires_at: null,
        last_error: error.slice(0, 1000),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Messages given up on, kept a while for the operator to see why. */
  deleteFailedBefore(createdBefore: number): Promise<unknown> {
    return this.db
      .deleteFrom('mail_outbox')
      .where('state', '=', 'failed')
      .where('created_at', '<', createdBefore)
      .execute();
  }
}
