// What viewers do with videos: views, likes, comments and watch progress.
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { COMMENT, DAY, NOW, OWNER, REPLY, VIDEO, VIEWER } from '../repository-fixtures.js';
import { CommentRepository } from '../../src/repositories/comment.repository.js';
import { LibrarySettingsRepository } from '../../src/repositories/library-settings.repository.js';
import { LikeRepository } from '../../src/repositories/like.repository.js';
import { VideoEngagementRepository } from '../../src/repositories/video-engagement.repository.js';
import { WatchProgressRepository } from '../../src/repositories/watch-progress.repository.js';
import { define } from './define.js';

export const VIDEO_ENGAGEMENT_QUERIES = define({
  file: 'video-engagement.repository',
  make: (db) => new VideoEngagementRepository(db),
  calls: {
    countView: async (r) => {
      const view = { videoId: VIDEO, viewerKey: VIEWER, viewerId: VIEWER, windowMs: DAY };
      await r.countView({ ...view, now: NOW });
      await r.countView({ ...view, now: NOW + 1000 });
    },
    pruneViewGuards: (r) => r.pruneViewGuards(NOW - DAY),
  },
});

export const LIKE_QUERIES = define({
  file: 'like.repository',
  make: (db) => new LikeRepository(db),
  calls: {
    toggle: async (r) => {
      const video = { userId: VIEWER, targetType: 'Video', targetId: VIDEO } as const;
      await r.toggle(video, 'like', NOW);
      await r.toggle(video, 'dislike', NOW);
      await r.toggle(video, 'dislike', NOW);
      await r.toggle({ userId: OWNER, targetType: 'Comment', targetId: COMMENT }, 'like', NOW);
    },
    removeIfKind: async (r) => {
      await r.toggle({ userId: VIEWER, targetType: 'Video', targetId: VIDEO }, 'like', NOW);
      await r.removeIfKind({ userId: VIEWER, targetType: 'Video', targetId: VIDEO }, 'like');
    },
    viewerKinds: (r) => r.viewerKinds('Comment', [COMMENT, REPLY], OWNER),
    likedVideos: async (r) => {
      await r.likedVideos(VIEWER, 20, 0);
      await r.likedVideos(VIEWER, 21, 0, { key: NOW, id: VIDEO });
    },
  },
});

export const COMMENT_QUERIES = define({
  file: 'comment.repository',
  make: (db) => new CommentRepository(db),
  calls: {
    insertNew: async (r) => {
      const held = { video_id: VIDEO, owner_id: VIEWER, content: 'Held', created_at: NOW };
      await r.insertNew({ ...held, id: 'c-held', parent_id: null, updated_at: NOW, held: 1 });
      await r.insertNew({ ...held, id: 'c-held-reply', parent_id: COMMENT, updated_at: NOW });
    },
    findById: (r) => r.findById(COMMENT),
    findWithOwner: (r) => r.findWithOwner(COMMENT),
    page: async (r) => {
      await r.page(VIDEO, 100, 0);
      await r.page(VIDEO, 21, 0, { key: NOW, id: COMMENT });
    },
    heldOn: async (r) => {
      await r.heldOn(VIDEO, VIEWER, false);
      await r.heldOn(VIDEO, OWNER, true);
    },
    heldForOwner: (r) => r.heldForOwner(OWNER, 20, 0),
    approve: (r) => r.approve('c-held', NOW),
    updateContent: (r) => r.updateContent(REPLY, 'Edited', NOW),
    deleteWithReplies: (r) => r.deleteWithReplies(COMMENT),
  },
});

let progressDb: Kysely<Database>;

export const WATCH_PROGRESS_QUERIES = define({
  file: 'watch-progress.repository',
  make: (db) => {
    progressDb = db;
    return new WatchProgressRepository(db);
  },
  calls: {
    find: (r) => r.find(VIEWER, VIDEO),
    recordHeartbeat: async (r) => {
      const first = { userId: VIEWER, videoId: VIDEO, watchMs: 10_000, day: 20_468 };
      await r.recordHeartbeat({ ...first, position: 10, now: NOW, previous: undefined });
      const previous = await r.find(VIEWER, VIDEO);
      await r.recordHeartbeat({ ...first, position: 20, now: NOW + 10_000, previous });
    },
    historyState: (r) => r.historyState(VIEWER),
    findPaused: (r) => r.findPaused(VIEWER, VIDEO),
    recordPausedHeartbeat: async (r) => {
      const first = { userId: VIEWER, videoId: VIDEO, watchMs: 10_000, day: 20_468 };
      // Not paused (resumed since the service read the setting): nothing is written.
      await r.recordPausedHeartbeat({ ...first, position: 10, now: NOW, previous: undefined });
      // The viewer pauses (that statement shows here too), then two heartbeats.
      await new LibrarySettingsRepository(progressDb).setHistoryPaused(VIEWER, true, NOW);
      await r.recordPausedHeartbeat({ ...first, position: 10, now: NOW, previous: undefined });
      const previous = await r.findPaused(VIEWER, VIDEO);
      await r.recordPausedHeartbeat({ ...first, position: 20, now: NOW + 10_000, previous });
    },
    prunePausedHeartbeats: (r) => r.prunePausedHeartbeats(NOW - DAY),
  },
});
