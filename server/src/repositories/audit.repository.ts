import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema.js';

export type AuditRow = Selectable<AuditLogTable>;

const AUDIT_COLUMNS = [
  'id',
  'action',
  'actor_id',
  'actor_username',
  'target_type',
  'target_id',
  'reason',
  'created_at',
] as const satisfies readonly (keyof AuditLogTable)[];

/**
 * Writes one entry with `db`, which may be the transaction of the action it records, so an
 * action and its entry commit together or not at all.
 */
export async function insertAudit(
  db: Kysely<Database>,
  row: Insertable<AuditLogTable>,
): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** The audit log: appended to by actions, read newest first; nothing here changes an entry. */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: Insertable<AuditLogTable>): Promise<void> {
    return insertAudit(this.db, row);
  }

  async page(
    action: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    let rows = this.db.selectFrom('audit_log').select(AUDIT_COLUMNS);
    let count = this.db.selectFrom('audit_log').select(sql<number>`count(*)`.as('n'));
    if (action) {
      rows = rows.where('action', '=', action);
      count = count.where('action', '=', action);
    }
    const [found, total] = await Promise.all([
      rows
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: found, total: Number(total.n) };
  }
}
