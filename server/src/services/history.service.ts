import type { HistoryEntry, HistoryQuery, WatchPosition } from '@contract';
import { isoTime } from '../lib/iso-time.js';
import { ID_PATTERN } from '../lib/ids.js';
import { notFound } from '../lib/errors.js';
import type { HistoryRepository } from '../repositories/history.repository.js';
import type { LibrarySettingsRepository } from '../repositories/library-settings.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { VideoCards } from '../caches/video-cards.js';

export const HISTORY_ENTRY_NOT_FOUND = 'That video is not in your history.';

export interface HistoryPageResult {
  data: HistoryEntry[];
  totalEntries: number;
  totalPages: number;
  currentPage: number;
  paused: boolean;
}

/**
 * The caller's watch history: entries are written by counted views (VideoEngagementRepository),
 * unless the caller paused it; here they are read, searched and removed.
 */
export class HistoryService {
  constructor(
    private readonly deps: {
      history: HistoryRepository;
      settings: LibrarySettingsRepository;
      cards: VideoCards;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  async page(viewer: UserRow, query: HistoryQuery): Promise<HistoryPageResult> {
    const paused = await this.paused(viewer);
    const { page, entries } = await this.deps.cards.read(() =>
      this.deps.history.page(viewer.id, query.q, query.limit, (query.page - 1) * query.limit),
    );
    return {
      data: entries.map(({ row, video }) => ({
        video,
        watchedAt: isoTime(Number(row.watched_at)),
        position: Number(row.position ?? 0),
      })),
      totalEntries: page.total,
      totalPages: Math.ceil(page.total / query.limit),
      currentPage: query.page,
      paused,
    };
  }

  async paused(viewer: UserRow): Promise<boolean> {
    const row = await this.deps.settings.find(viewer.id);
    return Number(row?.history_paused ?? 0) === 1;
  }

  async setPaused(viewer: UserRow, paused: boolean): Promise<boolean> {
    await this.deps.settings.setHistoryPaused(viewer.id, paused, this.now());
    // Resuming leaves nothing of the paused time behind. Only after the setting has changed: a
    // paused heartbeat re-reads it in its own transaction (WatchProgressRepository), so none
    // can write a baseline after this delete.
    if (!paused) await this.deps.history.forgetPausedHeartbeats(viewer.id);
    return paused;
  }

  async remove(viewer: UserRow, videoId: string): Promise<void> {
    if (!ID_PATTERN.test(videoId) || !(await this.deps.history.deleteEntry(viewer.id, videoId))) {
      throw notFound(HISTORY_ENTRY_NOT_FOUND);
    }
  }

  async clear(viewer: UserRow): Promise<void> {
    await this.deps.history.clear(viewer.id);
  }

  /** Where the caller stopped in each of these videos (those with a position only). */
  async positions(viewer: UserRow, videoIds: readonly string[]): Promise<WatchPosition[]> {
    const rows = await this.deps.history.positions(viewer.id, videoIds);
    return rows.map((r) => ({ videoId: r.video_id, position: Number(r.position) }));
  }
}
