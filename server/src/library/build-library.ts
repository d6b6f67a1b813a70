import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import { historyRoutes } from '../http/routes/history.routes.js';
import { notificationsRoutes } from '../http/routes/notifications.routes.js';
import { playlistsRoutes } from '../http/routes/playlists.routes.js';
import { HistoryRepository } from '../repositories/history.repository.js';
import { LibrarySettingsRepository } from '../repositories/library-settings.repository.js';
import { NotificationRepository } from '../repositories/notification.repository.js';
import { PlaylistRepository } from '../repositories/playlist.repository.js';
import { PlaylistItemRepository } from '../repositories/playlist-item.repository.js';
import { HistoryService } from '../services/history.service.js';
import type { MediaUrls } from '../services/media-urls.js';
import { NotificationService } from '../services/notification.service.js';
import { PlaylistService } from '../services/playlist.service.js';
import type { VideoCards } from '../caches/video-cards.js';
import type { VideoService } from '../services/video.service.js';

export interface Library {
  history: HistoryService;
  playlists: PlaylistService;
  notifications: NotificationService;
  /** Every library route, registered under the API prefix. */
  routes: FastifyPluginAsync;
}

/**
 * What a viewer keeps between visits: watch history, playlists with Watch later, and
 * notifications. One domain, wired here so the app only registers its routes.
 */
export function buildLibrary(deps: {
  database: DatabaseHandle;
  cards: VideoCards;
  videos: VideoService;
  urls: MediaUrls;
  now?: () => number;
}): Library {
  const { db, dialect } = deps.database;
  const settings = new LibrarySettingsRepository(db);
  const history = new HistoryService({
    history: new HistoryRepository(db, dialect),
    settings,
    cards: deps.cards,
    now: deps.now,
  });
  const playlists = new PlaylistService({
    playlists: new PlaylistRepository(db),
    items: new PlaylistItemRepository(db),
    videos: deps.videos,
    cards: deps.cards,
    urls: deps.urls,
    now: deps.now,
  });
  const notifications = new NotificationService({
    notifications: new NotificationRepository(db),
    settings,
    cards: deps.cards,
    urls: deps.urls,
    now: deps.now,
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(historyRoutes, { history });
    await api.register(playlistsRoutes, { playlists });
    await api.register(notificationsRoutes, { notifications });
  };
  return { history, playlists, notifications, routes };
}
