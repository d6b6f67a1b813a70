import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, LibrarySettingsTable } from '../db/schema.js';

export type LibrarySettingsRow = Selectable<LibrarySettingsTable>;

/** Columns of `library_settings` a write may set. */
export interface LibrarySettingsPatch {
  notify_new_video?: number;
  notify_comment_reply?: number;
  notify_video_comment?: number;
  notify_processing_done?: number;
  notify_processing_failed?: number;
}

export const LIBRARY_SETTINGS_COLUMNS = [
  'user_id',
  'history_paused',
  'history_resumed_at',
  'notify_new_video',
  'notify_comment_reply',
  'notify_video_comment',
  'notify_processing_done',
  'notify_processing_failed',
  'notifications_read_before',
  'updated_at',
] as const satisfies readonly (keyof LibrarySettingsTable)[];

/** A user's history and notification settings: SQL only. A missing row means the defaults. */
export class LibrarySettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string): Promise<LibrarySettingsRow | undefined> {
    return this.db
      .selectFrom('library_settings')
      .select(LIBRARY_SETTINGS_COLUMNS)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Creates the row with the defaults and `patch`, or applies `patch` to it: one statement. */
  async update(userId: string, patch: LibrarySettingsPatch, now: number): Promise<void> {
    await this.db
      .insertInto('library_settings')
      .values({ user_id: userId, ...patch, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...patch, updated_at: now }))
      .execute();
  }

  /**
   * Pauses or resumes the history; resuming one that was paused records when (a heartbeat then
   * takes no position stored before that time as its baseline: WatchProgressService).
   */
  async setHistoryPaused(userId: string, paused: boolean, now: number): Promise<void> {
    const value = paused ? 1 : 0;
    await this.db
      .insertInto('library_settings')
      .values({ user_id: userId, history_paused: value, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          history_paused: value,
          history_resumed_at: sql<number | null>`case
            when library_settings.history_paused = 1 and excluded.history_paused = 0
            then ${now} else library_settings.history_resumed_at end`,
          updated_at: now,
        }),
      )
      .execute();
  }

  /** Every notification up to `before` counts as read; the line never moves back. */
  async markReadBefore(userId: string, before: number, now: number): Promise<void> {
    await this.db
      .insertInto('library_settings')
      .values({ user_id: userId, notifications_read_before: before, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          // Scalar max is spelled differently on each dialect; a case is the same on both.
          notifications_read_before: sql<number>`case
            when excluded.notifications_read_before > library_settings.notifications_read_before
            then excluded.notifications_read_before
            else library_settings.notifications_read_before end`,
          updated_at: now,
        }),
      )
      .execute();
  }
}
