import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema.js';
import { insertAudit } from './audit.repository.js';

/** Instance settings, one row per key with its value as JSON: SQL only. */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `db`: a transaction to read in, when the caller runs one. */
  all(db: Kysely<Database> = this.db): Promise<{ key: string; value: string }[]> {
    return db.selectFrom('instance_settings').select(['key', 'value']).execute();
  }

  async one(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('instance_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  /** Writes the given keys and the audit entry together. */
  async save(
    entries: { key: string; value: string }[],
    now: number,
    audit: Insertable<AuditLogTable>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const { key, value } of entries) {
        await trx
          .insertInto('instance_settings')
          .values({ key, value, updated_at: now })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
          .execute();
      }
      await insertAudit(trx, audit);
    });
  }
}
