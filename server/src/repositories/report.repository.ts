import { sql, type Insertable, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { AuditLogTable, Database, ReportsTable } from '../db/schema.js';
import { insertAudit } from './audit.repository.js';

export type ReportRow = Selectable<ReportsTable>;

export interface ReportListRow extends ReportRow {
  reporter_username: string | null;
}

const REPORT_COLUMNS = [
  'id',
  'reporter_id',
  'target_type',
  'target_id',
  'reason',
  'details',
  'state',
  'created_at',
  'resolved_at',
  'resolved_by',
  'resolved_by_username',
  'note',
] as const satisfies readonly (keyof ReportsTable)[];

/** A report's target as the console summarises it; read per kind, one query each. */
export interface TargetRow {
  id: string;
  text: string;
  owner_id: string;
  owner_username: string;
  video_id: string | null;
  hidden: number;
}

/** Reports users make and staff decide: SQL only. */
export class ReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Files a report unless the reporter has one open on the same target (a partial unique
   * index decides between concurrent ones); answers the open report either way, and whether
   * it is new.
   */
  async file(row: Insertable<ReportsTable>): Promise<{ report: ReportRow; created: boolean }> {
    const inserted = await this.db
      .insertInto('reports')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['reporter_id', 'target_type', 'target_id'])
          // Written as the index's own predicate: a bound value would not match it.
          .where(sql<SqlBool>`state = 'open'`)
          .doNothing(),
      )
      .returning(REPORT_COLUMNS)
      .executeTakeFirst();
    if (inserted) return { report: inserted, created: true };
    const open = await this.db
      .selectFrom('reports')
      .select(REPORT_COLUMNS)
      .where('reporter_id', '=', row.reporter_id)
      .where('target_type', '=', row.target_type)
      .where('target_id', '=', row.target_id)
      // In the text, not bound, so SQLite can match the partial index `reports_open_once`.
      .where('state', '=', sql.lit('open'))
      .executeTakeFirstOrThrow();
    return { report: open, created: false };
  }

  async page(
    filter: { state: string; targetType?: string },
    limit: number,
    offset: number,
  ): Promise<{ rows: ReportListRow[]; total: number }> {
    let rows = this.db
      .selectFrom('reports as r')
      .leftJoin('users as u', 'u.id', 'r.reporter_id')
      .select(REPORT_COLUMNS.map((c) => `r.${c}` as const))
      .select('u.username as reporter_username')
      .where('r.state', '=', filter.state as ReportRow['state']);
    let count = this.db
      .selectFrom('reports as r')
      .select(sql<number>`count(*)`.as('n'))
      .where('r.state', '=', filter.state as ReportRow['state']);
    if (filter.targetType) {
      const type = filter.targetType as ReportRow['target_type'];
      rows = rows.where('r.target_type', '=', type);
      count = count.where('r.target_type', '=', type);
    }
    const [found, total] = await Promise.all([
      rows
        .orderBy('r.created_at', filter.state === 'open' ? 'asc' : 'desc')
        .orderBy('r.id', filter.state === 'open' ? 'asc' : 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: found, total: Number(total.n) };
  }

  findById(id: string): Promise<ReportRow | undefined> {
    return this.db
      .selectFrom('reports')
      .select(REPORT_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Closes an open report with its audit entry; false when it was not open. */
  async decide(
    id: string,
    decision: {
      state: 'resolved' | 'dismissed';
      now: number;
      by: { id: string; username: string } | null;
      note: string | null;
    },
    audit: Insertable<AuditLogTable>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('reports')
        .set({
          state: decision.state,
          resolved_at: decision.now,
          resolved_by: decision.by?.id ?? null,
          resolved_by_username: decision.by?.username ?? null,
          note: decision.note,
        })
        .where('id', '=', id)
        .where('state', '=', 'open')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return false;
      await insertAudit(trx, audit);
      return true;
    });
  }

  videoTargets(ids: string[]): Promise<TargetRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('videos as v')
      .innerJoin('users as u', 'u.id', 'v.owner_id')
      .select([
        'v.id',
        'v.title as text',
        'v.owner_id',
        'u.username as owner_username',
        sql<string | null>`null`.as('video_id'),
        sql<number>`case when v.visibility = 'private' then 1 else 0 end`.as('hidden'),
      ])
      .where('v.id', 'in', ids)
      .execute();
  }

  commentTargets(ids: string[]): Promise<TargetRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.owner_id')
      .select([
        'c.id',
        'c.content as text',
        'c.owner_id',
        'u.username as owner_username',
        'c.video_id',
        'c.hidden',
      ])
      .where('c.id', 'in', ids)
      .execute();
  }

  channelTargets(ids: string[]): Promise<TargetRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.full_name as text',
        'u.id as owner_id',
        'u.username as owner_username',
        sql<string | null>`null`.as('video_id'),
        sql<number>`case when u.suspended_at is null then 0 else 1 end`.as('hidden'),
      ])
      .where('u.id', 'in', ids)
      .execute();
  }
}
