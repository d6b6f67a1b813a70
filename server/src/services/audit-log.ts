import type { Insertable } from 'kysely';
import type { AuditAction, AuditEntry, AuditQuery } from '@contract';
import type { AuditLogTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { isoTime } from '../lib/iso-time.js';
import type { AuditRepository, AuditRow } from '../repositories/audit.repository.js';
import type { Actor } from '../rules/staff-rules.js';

/** The entry an action writes in its own transaction; the command line has no actor. */
export function auditEntry(
  actor: Actor,
  action: AuditAction,
  target: { type: string; id: string },
  reason: string | null,
  now: number,
): Insertable<AuditLogTable> {
  return {
    id: newId(now),
    action,
    actor_id: actor.kind === 'staff' ? actor.id : null,
    actor_username: actor.kind === 'staff' ? actor.username : null,
    target_type: target.type,
    target_id: target.id,
    reason,
    created_at: now,
  };
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    action: row.action as AuditAction,
    actor:
      row.actor_id && row.actor_username
        ? { _id: row.actor_id, username: row.actor_username }
        : null,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    createdAt: isoTime(Number(row.created_at)),
  };
}

export class AuditLog {
  constructor(private readonly audit: AuditRepository) {}

  async page(query: AuditQuery): Promise<{ data: AuditEntry[]; total: number }> {
    const { rows, total } = await this.audit.page(
      query.action,
      query.limit,
      (query.page - 1) * query.limit,
    );
    return { data: rows.map(toAuditEntry), total };
  }
}
