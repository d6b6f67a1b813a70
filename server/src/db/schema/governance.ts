import { integer, text, type TableColumns } from '../table-columns.js';

/**
 * Staff and creators keeping order: the audit log, reports, instance settings, channel blocks.
 * Part of `TABLES` (db/schema.ts).
 */
export const GOVERNANCE_TABLES = {
  /** One staff or command-line action (migration 050); `actor_id` null for the command line. */
  audit_log: {
    id: text(),
    action: text(),
    actor_id: text().nullable(),
    actor_username: text().nullable(),
    target_type: text(),
    target_id: text(),
    reason: text().nullable(),
    created_at: integer(),
  },
  /** A report a signed-in user made to staff (migration 051). */
  reports: {
    id: text(),
    reporter_id: text(),
    target_type: text<'video' | 'comment' | 'channel'>(),
    target_id: text(),
    reason: text<'spam' | 'harassment' | 'sexual' | 'violence' | 'copyright' | 'other'>(),
    details: text().nullable(),
    state: text<'open' | 'resolved' | 'dismissed'>().generated(),
    created_at: integer(),
    resolved_at: integer().nullable(),
    resolved_by: text().nullable(),
    resolved_by_username: text().nullable(),
    note: text().nullable(),
  },
  /** One instance setting, its value as JSON. */
  instance_settings: {
    key: text(),
    value: text(),
    updated_at: integer(),
  },
  /** A user a creator keeps from commenting on their videos. */
  channel_blocks: {
    channel_id: text(),
    blocked_id: text(),
    created_at: integer(),
  },
} satisfies Record<string, TableColumns>;
