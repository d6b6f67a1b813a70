import {
  NOTIFICATION_KINDS,
  NOTIFICATIONS_UNREAD_MAX,
  type Notification,
  type NotificationKind,
  type NotificationSettings,
} from '@contract';
import { DAY_MS } from '../db/dialect-sql.js';
import { isoTime } from '../lib/iso-time.js';
import type {
  LibrarySettingsPatch,
  LibrarySettingsRepository,
  LibrarySettingsRow,
} from '../repositories/library-settings.repository.js';
import type {
  NotificationRepository,
  NotificationRow,
  NotificationScope,
} from '../repositories/notification.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { MediaUrls } from './media-urls.js';
import type { VideoCards } from '../caches/video-cards.js';

/** Notifications older than this are neither listed nor counted, and housekeeping drops them. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** A comment is quoted in its notification up to this many characters. */
export const COMMENT_QUOTE_MAX = 200;

export interface NotificationPage {
  data: Notification[];
  unread: number;
  currentPage: number;
  hasMore: boolean;
}

const SETTING_COLUMNS = {
  new_video: 'notify_new_video',
  comment_reply: 'notify_comment_reply',
  video_comment: 'notify_video_comment',
  processing_done: 'notify_processing_done',
  processing_failed: 'notify_processing_failed',
} as const satisfies Record<NotificationKind, keyof LibrarySettingsRow>;

/** The kinds a user wants, from their settings row (absent: every kind). */
export function settingsOf(row: LibrarySettingsRow | undefined): NotificationSettings {
  const out = {} as NotificationSettings;
  for (const kind of NOTIFICATION_KINDS) {
    out[kind] = row ? Number(row[SETTING_COLUMNS[kind]]) === 1 : true;
  }
  return out;
}

/** A comment quoted in a notification: its first characters, never half a surrogate pair. */
export function quote(content: string, max = COMMENT_QUOTE_MAX): string {
  const chars = [...content];
  return chars.length <= max ? content : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * A user's notifications: rows written for them (replies, comments on their videos, the end of
 * processing) merged with their subscriptions' new videos, joined when read (see migration
 * 072), newest first. Every one whose video the user may not see (any more) is left out.
 */
export class NotificationService {
  constructor(
    private readonly deps: {
      notifications: NotificationRepository;
      settings: LibrarySettingsRepository;
      cards: VideoCards;
      urls: MediaUrls;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  private async scope(viewer: UserRow): Promise<NotificationScope> {
    const row = await this.deps.settings.find(viewer.id);
    const wanted = settingsOf(row);
    return {
      userId: viewer.id,
      kinds: NOTIFICATION_KINDS.filter((kind) => wanted[kind]),
      readBefore: Number(row?.notifications_read_before ?? 0),
      since: this.now() - NOTIFICATION_RETENTION_DAYS * DAY_MS,
    };
  }

  async list(viewer: UserRow, page: number, limit: number): Promise<NotificationPage> {
    const scope = await this.scope(viewer);
    const { page: read, entries } = await this.deps.cards.read(async () => ({
      rows: await this.deps.notifications.page(scope, limit + 1, (page - 1) * limit),
      unread: await this.deps.notifications.unreadCount(scope, NOTIFICATIONS_UNREAD_MAX + 1),
    }));
    return {
      data: entries.slice(0, limit).map(({ row, video }) => this.toNotification(row, video)),
      unread: Math.min(read.unread, NOTIFICATIONS_UNREAD_MAX + 1),
      currentPage: page,
      hasMore: entries.length > limit,
    };
  }

  private toNotification(row: NotificationRow, video: Notification['video']): Notification {
    return {
      _id: row.notification_id,
      kind: row.kind,
      read: Number(row.is_read) === 1,
      createdAt: isoTime(Number(row.created_at)),
      video,
      ...(row.comment_id
        ? { comment: { _id: row.comment_id, content: quote(row.comment_content ?? '') } }
        : {}),
      ...(row.actor_id
        ? {
            actor: {
              _id: row.actor_id,
              username: row.actor_username ?? '',
              avatar: this.deps.urls.shared(row.actor_avatar_key),
            },
          }
        : {}),
    };
  }

  async unread(viewer: UserRow): Promise<number> {
    const scope = await this.scope(viewer);
    const count = await this.deps.notifications.unreadCount(scope, NOTIFICATIONS_UNREAD_MAX + 1);
    return Math.min(count, NOTIFICATIONS_UNREAD_MAX + 1);
  }

  /** The given notifications, or, without ids, every one there is now. */
  async markRead(viewer: UserRow, ids: readonly string[] | undefined): Promise<void> {
    const now = this.now();
    if (ids) {
      await this.deps.notifications.markRead(viewer.id, ids, now);
      return;
    }
    // Up to the newest one, even if its time is ahead of this clock (a new video's publication
    // is stamped by the database's).
    const scope = await this.scope(viewer);
    const [newest] = await this.deps.notifications.page({ ...scope, readBefore: 0 }, 1, 0);
    const before = Math.max(now, Number(newest?.created_at ?? 0));
    await this.deps.settings.markReadBefore(viewer.id, before, now);
  }

  async settings(viewer: UserRow): Promise<NotificationSettings> {
    return settingsOf(await this.deps.settings.find(viewer.id));
  }

  async updateSettings(
    viewer: UserRow,
    patch: Partial<NotificationSettings>,
  ): Promise<NotificationSettings> {
    const columns: LibrarySettingsPatch = {};
    for (const kind of NOTIFICATION_KINDS) {
      const value = patch[kind];
      if (value !== undefined) columns[SETTING_COLUMNS[kind]] = value ? 1 : 0;
    }
    await this.deps.settings.update(viewer.id, columns, this.now());
    return this.settings(viewer);
  }

  /** Housekeeping: what is past the retention window goes. */
  async prune(): Promise<void> {
    await this.deps.notifications.prune(this.now() - NOTIFICATION_RETENTION_DAYS * DAY_MS);
  }
}
