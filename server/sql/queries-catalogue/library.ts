// A viewer's library: history, its settings and playlists.
import { NOW, OWNER, PLAYLIST, PROCESSING, VIDEO, VIEWER } from '../repository-fixtures.js';
import { HistoryRepository } from '../../src/repositories/history.repository.js';
import { LibrarySettingsRepository } from '../../src/repositories/library-settings.repository.js';
import { PlaylistRepository } from '../../src/repositories/playlist.repository.js';
import { PlaylistItemRepository } from '../../src/repositories/playlist-item.repository.js';
import { define } from './define.js';

export const HISTORY_QUERIES = define({
  file: 'history.repository',
  make: (db, dialect) => new HistoryRepository(db, dialect),
  calls: {
    page: async (r) => {
      await r.page(VIEWER, '', 20, 0);
      await r.page(VIEWER, 'fixture', 20, 0);
    },
    positions: (r) => r.positions(VIEWER, [VIDEO, PROCESSING]),
    deleteEntry: (r) => r.deleteEntry(VIEWER, VIDEO),
    clear: (r) => r.clear(VIEWER),
    forgetPausedHeartbeats: (r) => r.forgetPausedHeartbeats(VIEWER),
  },
});

export const LIBRARY_SETTINGS_QUERIES = define({
  file: 'library-settings.repository',
  make: (db) => new LibrarySettingsRepository(db),
  calls: {
    find: (r) => r.find(VIEWER),
    update: (r) => r.update(VIEWER, { notify_new_video: 0 }, NOW),
    setHistoryPaused: async (r) => {
      await r.setHistoryPaused(VIEWER, true, NOW);
      await r.setHistoryPaused(VIEWER, false, NOW);
    },
    markReadBefore: (r) => r.markReadBefore(VIEWER, NOW, NOW),
  },
});

export const PLAYLIST_QUERIES = define({
  file: 'playlist.repository',
  make: (db) => new PlaylistRepository(db),
  calls: {
    insert: (r) =>
      r.insert({
        id: PLAYLIST,
        owner_id: OWNER,
        kind: 'playlist',
        title: 'Fixture playlist',
        description: '',
        visibility: 'public',
        created_at: NOW,
        updated_at: NOW,
      }),
    ensureWatchLater: (r) =>
      r.ensureWatchLater({
        id: 'p-later',
        owner_id: OWNER,
        kind: 'watch_later',
        title: 'Watch later',
        description: '',
        visibility: 'private',
        created_at: NOW,
        updated_at: NOW,
      }),
    findById: (r) => r.findById(PLAYLIST),
    findWatchLater: (r) => r.findWatchLater(OWNER),
    update: (r) => r.update(PLAYLIST, { title: 'Renamed', updated_at: NOW }),
    ownerPage: (r) => r.ownerPage(OWNER, ['public'], VIEWER, 60, 0),
    summaryOf: (r) => r.summaryOf(PLAYLIST, VIEWER),
    choices: (r) => r.choices(OWNER, VIDEO, 500),
    // Watch later: the fixture playlist stays for the items' entries after this one.
    delete: (r) => r.delete('p-later'),
  },
});

export const PLAYLIST_ITEM_QUERIES = define({
  file: 'playlist-item.repository',
  make: (db) => new PlaylistItemRepository(db),
  calls: {
    addVideo: async (r) => {
      await r.addVideo(PLAYLIST, VIDEO, NOW, 5000);
      await r.addVideo(PLAYLIST, VIDEO, NOW, 5000);
      await r.addVideo(PLAYLIST, PROCESSING, NOW, 5000);
    },
    items: (r) => r.items(PLAYLIST, VIEWER, 100, 0),
    videoRows: (r) => r.videoRows([VIDEO]),
    moveVideo: (r) => r.moveVideo(PLAYLIST, PROCESSING, 0, OWNER, NOW),
    removeVideo: (r) => r.removeVideo(PLAYLIST, VIDEO, NOW),
  },
});
