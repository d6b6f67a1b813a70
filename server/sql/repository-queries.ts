// The SQL each repository method sends, per dialect, for server/sql/queries/. Every public
// method of every repository has an entry (the types refuse a repository method without one),
// and each entry calls the method the way a service does, against fixture rows, so its real
// statements run and are recorded in order: a change to a query or a trigger's neighbour shows up
// in review as SQL. An entry that calls a method twice records both paths (a toggle on, then off).
import type { Kysely } from 'kysely';
import { NOTIFICATION_KINDS } from '@contract';
import type { Dialect } from '../src/db/database.js';
import {
  COMMENT,
  DAY,
  DOOMED,
  JOB,
  NOW,
  OWNER,
  PLAYLIST,
  PROCESSING,
  REPLY,
  UPLOAD,
  VIDEO,
  VIEWER,
  WORKER,
  job,
  upload,
  video,
} from './repository-fixtures.js';
import type { Database } from '../src/db/schema.js';
import { AccountTokenRepository } from '../src/repositories/account-token.repository.js';
import { MailOutboxRepository } from '../src/repositories/mail-outbox.repository.js';
import { AccountDeletionRepository } from '../src/repositories/account-deletion.repository.js';
import { ExportRepository } from '../src/repositories/export.repository.js';
import { TotpRepository } from '../src/repositories/totp.repository.js';
import { UsernameRedirectRepository } from '../src/repositories/username-redirect.repository.js';
import { CommentRepository } from '../src/repositories/comment.repository.js';
import { HistoryRepository } from '../src/repositories/history.repository.js';
import { LibrarySettingsRepository } from '../src/repositories/library-settings.repository.js';
import { NotificationRepository } from '../src/repositories/notification.repository.js';
import { NotificationFanoutRepository } from '../src/repositories/notification-fanout.repository.js';
import { PlaylistRepository } from '../src/repositories/playlist.repository.js';
import { IdentityRepository } from '../src/repositories/identity.repository.js';
import { LikeRepository } from '../src/repositories/like.repository.js';
import { LoginFailureRepository } from '../src/repositories/login-failure.repository.js';
import { MediaRepository } from '../src/repositories/media.repository.js';
import { JobQueueRepository } from '../src/repositories/job-queue.repository.js';
import { OrphanSweepRepository } from '../src/repositories/orphan-sweep.repository.js';
import { ProcessingRepository } from '../src/repositories/processing.repository.js';
import { UploadRepository } from '../src/repositories/upload.repository.js';
import { RateLimitRepository } from '../src/repositories/rate-limit.repository.js';
import { SessionRepository } from '../src/repositories/session.repository.js';
import { StudioRepository } from '../src/repositories/studio.repository.js';
import { SubscriptionRepository } from '../src/repositories/subscription.repository.js';
import { UserRepository } from '../src/repositories/user.repository.js';
import { VideoEngagementRepository } from '../src/repositories/video-engagement.repository.js';
import { VideoRepository } from '../src/repositories/video.repository.js';
import { SearchRepository } from '../src/repositories/search.repository.js';
import { SubscriptionFeedRepository } from '../src/repositories/subscription-feed.repository.js';
import { WatchProgressRepository } from '../src/repositories/watch-progress.repository.js';
import { TrendingRepository } from '../src/repositories/trending.repository.js';
import { FeedTokenRepository } from '../src/repositories/feed-token.repository.js';
import { CaptionRepository } from '../src/repositories/caption.repository.js';
import { GOVERNANCE_QUERIES } from './governance-queries.js';

/** The names of R's public methods. */
type MethodsOf<R> = {
  [K in keyof R]: R[K] extends (...args: never[]) => unknown ? K : never;
}[keyof R] &
  string;

export interface RepositoryQueries<R> {
  /** The repository's file under server/src/repositories/, without `.ts`. */
  file: string;
  make(db: Kysely<Database>, dialect: Dialect): R;
  calls: { [K in MethodsOf<R>]: (repo: R) => Promise<unknown> };
}

let captionDb: Kysely<Database>;

const define = <R>(entry: RepositoryQueries<R>) => entry as RepositoryQueries<unknown>;

const NOTIFICATION_SCOPE = {
  userId: OWNER,
  kinds: NOTIFICATION_KINDS,
  readBefore: NOW - DAY,
  since: NOW - 90 * DAY,
};

/** The row lock the orphan sweep's repository works under (see its entry). */
let media: MediaRepository;

const schedule = { lockMs: (n: number) => (n >= 5 ? 60_000 : 0), capFrom: 10, quietMs: DAY };

export const REPOSITORY_QUERIES: RepositoryQueries<unknown>[] = [
  define({
    file: 'user.repository',
    make: (db) => new UserRepository(db),
    calls: {
      insert: (r) =>
        r.insert({
          id: 'u-new',
          username: 'newcomer',
          email: 'newcomer@example.com',
          full_name: 'New Comer',
          password_hash: 'hash',
          avatar_key: 'images/new.png',
          cover_key: null,
          created_at: NOW,
        }),
      findById: (r) => r.findById(OWNER),
      findByLogin: async (r) => {
        await r.findByLogin(OWNER);
        await r.findByLogin(`${OWNER}@example.com`);
      },
      passwordHashOf: (r) => r.passwordHashOf(OWNER),
      findCredentials: async (r) => {
        await r.findCredentials(OWNER);
        await r.findCredentials(`${OWNER}@example.com`);
      },
      findTaken: (r) => r.findTaken(OWNER, `${VIEWER}@example.com`),
      findByUsername: (r) => r.findByUsername(OWNER),
      findByUsernameWithCounts: (r) => r.findByUsernameWithCounts(OWNER),
      videoCountsByChoice: (r) => r.videoCountsByChoice(OWNER),
      countSubscribers: (r) => r.countSubscribers(OWNER),
      securityOf: (r) => r.securityOf(OWNER),
      setPasswordHash: (r) => r.setPasswordHash(OWNER, 'new-hash'),
      markEmailVerified: (r) => r.markEmailVerified(OWNER, `${OWNER}@example.com`),
      changeEmail: (r) => r.changeEmail(OWNER, 'moved@example.com', 1),
      usernameInUse: (r) => r.usernameInUse('taken-name', OWNER),
      updateProfile: (r) =>
        r.updateProfile(OWNER, {
          full_name: 'New Name',
          bio: 'About me',
          avatar_key: 'images/a.webp',
        }),
      isSubscribed: (r) => r.isSubscribed(VIEWER, OWNER),
    },
  }),
  define({
    file: 'session.repository',
    make: (db) => new SessionRepository(db),
    calls: {
      insert: (r) =>
        r.insert({
          token_hash: 'session-hash',
          user_id: VIEWER,
          created_at: NOW,
          expires_at: NOW + 30 * DAY,
          last_seen_at: NOW,
          id: 's-session',
          user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
          address: '127.0.0.1',
        }),
      findUser: (r) => r.findUser('session-hash', NOW, NOW - DAY),
      listOf: (r) => r.listOf(VIEWER, NOW, NOW - DAY),
      startedAt: (r) => r.startedAt('session-hash'),
      deleteOneOf: (r) => r.deleteOneOf(VIEWER, 's-other'),
      deleteOthersOf: (r) => r.deleteOthersOf(VIEWER, 'session-hash'),
      deleteAllOf: (r) => r.deleteAllOf(OWNER),
      touch: (r) => r.touch('session-hash', NOW + 60_000, NOW),
      delete: (r) => r.delete('session-hash'),
      deleteExpired: (r) => r.deleteExpired(NOW, NOW - 30 * DAY),
    },
  }),
  define({
    file: 'account-token.repository',
    make: (db) => new AccountTokenRepository(db),
    calls: {
      insert: (r) =>
        r.insert({
          token_hash: 'reset-hash',
          user_id: VIEWER,
          purpose: 'password-reset',
          email: `${VIEWER}@example.com`,
          created_at: NOW,
          expires_at: NOW + 3_600_000,
          used_at: null,
        }),
      find: (r) => r.find('reset-hash', 'password-reset'),
      take: (r) => r.take('reset-hash', 'password-reset', NOW),
      deleteUnused: (r) => r.deleteUnused(VIEWER, 'password-reset'),
      deleteExpired: (r) => r.deleteExpired(NOW),
    },
  }),
  define({
    file: 'mail-outbox.repository',
    make: (db, dialect) => new MailOutboxRepository(db, dialect),
    calls: {
      insert: (r) =>
        r.insert({
          id: 'm-1',
          to_address: `${VIEWER}@example.com`,
          subject: 'Confirm your email address',
          text_body: 'Hi',
          html_body: '<p>Hi</p>',
          state: 'queued',
          run_after: NOW,
          created_at: NOW,
        }),
      claim: (r) => r.claim(WORKER, NOW, 120_000),
      notDelivered: (r) => r.notDelivered('m-1', WORKER, '451 Try again later', NOW + 30_000),
      delivered: (r) => r.delivered('m-1', WORKER),
      deleteFailedBefore: (r) => r.deleteFailedBefore(NOW - 7 * DAY),
    },
  }),
  define({
    file: 'username-redirect.repository',
    make: (db) => new UsernameRedirectRepository(db),
    calls: {
      put: async (r) => {
        await r.put('old-name', OWNER, NOW + 30 * DAY);
        await r.put('old-name', OWNER, NOW + 31 * DAY);
      },
      currentName: (r) => r.currentName('old-name', NOW),
      ownerOf: (r) => r.ownerOf('old-name'),
      delete: (r) => r.delete('old-name'),
      deleteExpired: (r) => r.deleteExpired(NOW),
    },
  }),
  define({
    file: 'totp.repository',
    make: (db) => new TotpRepository(db),
    calls: {
      setPending: (r) => r.setPending(VIEWER, 'JBSWY3DPEHPK3PXP'),
      secretsOf: (r) => r.secretsOf(VIEWER),
      enable: (r) => r.enable(VIEWER, 'JBSWY3DPEHPK3PXP', 59_000_000),
      claimStep: (r) => r.claimStep(VIEWER, 59_000_001),
      replaceRecoveryCodes: (r) => r.replaceRecoveryCodes(VIEWER, ['hash-1', 'hash-2'], NOW),
      useRecoveryCode: (r) => r.useRecoveryCode(VIEWER, 'hash-1'),
      disable: (r) => r.disable(VIEWER),
    },
  }),
  define({
    file: 'export.repository',
    make: (db) => new ExportRepository(db),
    calls: {
      videosOf: (r) => r.videosOf(OWNER),
      commentsOf: (r) => r.commentsOf(VIEWER),
      likesOf: (r) => r.likesOf(VIEWER),
      subscriptionsOf: (r) => r.subscriptionsOf(VIEWER),
      historyOf: (r) => r.historyOf(VIEWER),
      playlistsOf: (r) => r.playlistsOf(OWNER),
      playlistItemsOf: (r) => r.playlistItemsOf(OWNER),
    },
  }),
  define({
    file: 'login-failure.repository',
    make: (db) => new LoginFailureRepository(db),
    calls: {
      claimAttempt: async (r) => {
        await r.claimAttempt('viewer@example.com', NOW, schedule);
        await r.claimAttempt('viewer@example.com', NOW + 1000, schedule);
      },
      lockedUntil: (r) => r.lockedUntil('viewer@example.com'),
      clear: (r) => r.clear('viewer@example.com'),
      deleteQuiet: (r) => r.deleteQuiet(NOW - DAY, NOW),
    },
  }),
  define({
    file: 'rate-limit.repository',
    make: (db) => new RateLimitRepository(db),
    calls: {
      hit: (r) => r.hit('login', '127.0.0.1', NOW - (NOW % 60_000)),
      deleteOlderThan: (r) => r.deleteOlderThan(NOW - 60_000),
    },
  }),
  define({
    file: 'identity.repository',
    make: (db) => new IdentityRepository(db),
    calls: {
      insert: (r) =>
        r.insert({ provider: 'google', subject: 'sub-1', user_id: OWNER, created_at: NOW }),
      findUser: (r) => r.findUser('google', 'sub-1'),
      providersOf: (r) => r.providersOf(OWNER),
      insertFlow: (r) =>
        r.insertFlow({
          state_hash: 'state-hash',
          provider: 'google',
          code_verifier: 'verifier',
          nonce: 'nonce',
          return_to: '/',
          expires_at: NOW + 600_000,
        }),
      takeFlow: (r) => r.takeFlow('state-hash'),
      deleteExpiredFlows: (r) => r.deleteExpiredFlows(NOW),
      insertLinkRequest: (r) =>
        r.insertLinkRequest({
          token_hash: 'link-hash',
          provider: 'google',
          subject: 'sub-2',
          email: `${VIEWER}@example.com`,
          full_name: 'Viewer',
          user_id: VIEWER,
          return_to: '/',
          expires_at: NOW + 600_000,
        }),
      findLinkRequest: (r) => r.findLinkRequest('link-hash', NOW),
      takeLinkRequest: (r) => r.takeLinkRequest('link-hash', NOW),
      deleteExpiredLinkRequests: (r) => r.deleteExpiredLinkRequests(NOW),
    },
  }),
  define({
    file: 'subscription-feed.repository',
    make: (db, dialect) => new SubscriptionFeedRepository(db, dialect),
    calls: {
      page: async (r) => {
        await r.page(VIEWER, 20, 0);
        await r.page(VIEWER, 21, 0, { key: NOW, id: VIDEO });
      },
    },
  }),
  define({
    file: 'search.repository',
    make: (db, dialect) => new SearchRepository(db, dialect),
    calls: {
      // A word long enough for the search index, and a fragment too short for it.
      searchPage: async (r) => {
        const newest = { by: 'createdAt', direction: 'desc' } as const;
        const page = { filters: {}, limit: 20, offset: 0, cap: 1000 };
        await r.searchPage({ q: 'fixture', order: newest, ...page });
        await r.searchPage({ q: 'fi', order: newest, ...page });
        // Filtered, from the index and by a scan.
        const filters = { since: NOW - 7 * DAY, minDuration: 240, maxDuration: 1200 };
        await r.searchPage({ q: 'fixture', order: newest, ...page, filters });
        await r.searchPage({
          q: 'fi',
          order: { by: 'createdAt', direction: 'asc' },
          ...page,
          filters,
        });
        // Ranked orders over the newest matches.
        await r.searchPage({ q: 'fixture', order: { by: 'relevance' }, ...page });
        await r.searchPage({
          q: 'fixture',
          order: { by: 'views', direction: 'desc' },
          ...page,
          filters,
        });
        await r.searchPage({
          q: 'fi',
          order: { by: 'duration', direction: 'asc' },
          ...page,
          filters,
        });
        // After a row already shown (keyset paging), both ways through the index and by a scan.
        await r.searchPage({
          q: 'fixture',
          order: newest,
          ...page,
          limit: 21,
          after: { key: '1900000000000000000', id: VIDEO },
        });
        await r.searchPage({
          q: 'fixture',
          order: { by: 'createdAt', direction: 'asc' },
          ...page,
          limit: 21,
          after: { key: '1', id: VIDEO },
        });
        await r.searchPage({
          q: 'fi',
          order: newest,
          ...page,
          limit: 21,
          after: { key: String(NOW), id: VIDEO },
        });
      },
      searchCount: async (r) => {
        await r.searchCount('fixture', 1000);
        await r.searchCount('fi', 1000);
        await r.searchCount('fixture', 1000, { since: NOW - DAY });
        await r.searchCount('fixture', 1000, { since: NOW - DAY, minDuration: 1200 });
        await r.searchCount('fi', 1000, { since: NOW - DAY, maxDuration: 240 });
      },
      searchGeneration: (r) => r.searchGeneration(),
      suggest: (r) => r.suggest('fix', 10),
      compactSearchIndex: (r) => r.compactSearchIndex(),
    },
  }),
  define({
    file: 'video.repository',
    make: (db, dialect) => new VideoRepository(db, dialect),
    calls: {
      insertForProcessing: (r) =>
        r.insertForProcessing({
          ...video(PROCESSING, 'private'),
          status: 'processing',
          pending_visibility: 'public',
          original_name: 'holiday.mov',
          original_bytes: 1000,
          stored_bytes: 1200,
        }),
      findWithOwner: (r) => r.findWithOwner(VIDEO),
      listedPublic: (r) => r.listedPublic([VIDEO, PROCESSING]),
      sitemapPage: (r) => r.sitemapPage(1000, 0),
      publicCount: (r) => r.publicCount(),
      withOwners: (r) => r.withOwners([VIDEO, DOOMED]),
      page: async (r) => {
        await r.page({
          visibilities: ['public'],
          sort: { column: 'created_at', direction: 'desc' },
          limit: 60,
          offset: 0,
        });
        await r.page({
          visibilities: ['public', 'unlisted', 'private'],
          ownerId: OWNER,
          sort: { column: 'title', direction: 'asc' },
          limit: 20,
          offset: 20,
        });
        // After a row already shown (keyset paging).
        await r.page({
          visibilities: ['public'],
          sort: { column: 'created_at', direction: 'desc' },
          limit: 61,
          offset: 0,
          after: { key: NOW, id: VIDEO },
        });
      },
      update: (r) => r.update(VIDEO, { title: 'Renamed', updated_at: NOW }),
      delete: (r) => r.delete(DOOMED),
    },
  }),
  define({
    file: 'caption.repository',
    // Its writes run inside the video's row lock; here, inside a transaction of their own.
    make: (db) => {
      captionDb = db;
      return new CaptionRepository(db);
    },
    calls: {
      put: (r) =>
        captionDb.transaction().execute((trx) =>
          r.put(trx, {
            video_id: VIDEO,
            language: 'pt-BR',
            label: 'Brazilian Portuguese',
            file_name: 'pt-br-0a1b2c3d4e5f.vtt',
            created_at: NOW,
          }),
        ),
      census: (r) => captionDb.transaction().execute((trx) => r.census(trx, VIDEO, 'pt-BR')),
      list: (r) => r.list(VIDEO),
      remove: (r) => captionDb.transaction().execute((trx) => r.remove(trx, VIDEO, 'pt-BR')),
    },
  }),
  define({
    file: 'feed-token.repository',
    make: (db) => new FeedTokenRepository(db),
    calls: {
      replace: async (r) => {
        await r.replace(VIEWER, 'feed-hash-1', NOW);
        await r.replace(VIEWER, 'feed-hash-2', NOW + 1000);
      },
      userOf: (r) => r.userOf('feed-hash-2'),
      createdAt: (r) => r.createdAt(VIEWER),
      remove: (r) => r.remove(VIEWER),
    },
  }),
  define({
    file: 'trending.repository',
    make: (db) => new TrendingRepository(db),
    calls: {
      ranking: (r) =>
        r.ranking({
          now: NOW,
          fromHour: Math.floor((NOW - 7 * DAY) / 3_600_000),
          halfLifeMs: DAY,
          limit: 100,
        }),
      prune: (r) => r.prune(Math.floor((NOW - 7 * DAY) / 3_600_000)),
    },
  }),
  define({
    file: 'job-queue.repository',
    make: (db, dialect) => new JobQueueRepository(db, dialect),
    calls: {
      enqueue: async (r) => {
        await r.enqueue({ ...job(JOB), now: NOW - 1000 });
        // The same owner's next job of the same priority is placed after it.
        await r.enqueue({ ...job('j-second'), videoId: null, now: NOW - 500 });
      },
      claim: async (r) => {
        await r.claim(WORKER, NOW, 30_000, 0);
        await r.claim(WORKER, NOW, 30_000);
      },
      queueStats: (r) => r.queueStats(NOW),
      queuePosition: (r) => r.queuePosition(PROCESSING),
      renew: (r) => r.renew(JOB, WORKER, NOW + 10_000, 30_000),
      retryLater: (r) => r.retryLater(JOB, WORKER, NOW, NOW + 60_000, 'ffmpeg exited with 1'),
      // Claimed again so that each of these acts on a job the worker holds.
      release: async (r) => {
        await r.claim(WORKER, NOW + 60_000, 30_000);
        await r.release(JOB, WORKER, NOW + 60_000);
      },
      complete: async (r) => {
        await r.claim(WORKER, NOW + 60_000, 30_000);
        await r.complete(JOB, WORKER);
      },
      fail: async (r) => {
        await r.enqueue({ ...job('j-failing'), now: NOW + 60_000 });
        await r.claim(WORKER, NOW + 60_000, 30_000);
        await r.fail('j-failing', WORKER, 'Not a video file', NOW);
      },
      hasFailed: (r) => r.hasFailed(PROCESSING),
      removeForVideo: (r) => r.removeForVideo(PROCESSING),
      removeKindForVideo: (r) => r.removeKindForVideo(PROCESSING, 'video.reprocess'),
    },
  }),
  define({
    file: 'processing.repository',
    make: (db, dialect) => new ProcessingRepository(db, dialect),
    calls: {
      video: (r) => r.video(PROCESSING),
      setProgress: (r) => r.setProgress(PROCESSING, 40),
      setOutputs: (r) =>
        r.setOutputs(PROCESSING, { video_key: 'videos/v/t/video.mp4', hls_ready: 1, duration: 31 }),
      markPlayable: (r) => r.markPlayable(PROCESSING),
      setStoredBytes: (r) => r.setStoredBytes(PROCESSING, 5000),
      markReady: (r) => r.markReady(PROCESSING, 9000),
      markFailed: (r) => r.markFailed(PROCESSING, 'Not a video file', 1200),
      restart: (r) => r.restart(PROCESSING, async () => true),
      dropOriginal: (r) => r.dropOriginal(PROCESSING),
      lockedToken: (r) => r.lockedToken(PROCESSING),
      startReprocess: (r) => r.startReprocess(PROCESSING, 'fedcba9876543210', async () => {}),
      endReprocess: (r) => r.endReprocess(PROCESSING, 'fedcba9876543210'),
      reprocessState: (r) => r.reprocessState(PROCESSING),
      reprocessable: (r) => r.reprocessable('', 200),
      notReprocessable: (r) => r.notReprocessable(),
    },
  }),
  define({
    file: 'upload.repository',
    make: (db, dialect) => new UploadRepository(db, dialect),
    calls: {
      insert: (r) => r.insert(upload(UPLOAD)),
      forUser: (r) => r.forUser(OWNER, async () => undefined),
      usage: (r) => r.usage(OWNER, NOW - DAY),
      find: (r) => r.find(UPLOAD),
      tryLock: (r) => r.tryLock(UPLOAD, 'holder-1', NOW, 10_000),
      wantLock: (r) => r.wantLock(UPLOAD),
      renewLock: (r) => r.renewLock(UPLOAD, 'holder-1', NOW + 3000, 10_000),
      unlock: (r) => r.unlock(UPLOAD, 'holder-1'),
      claimForPublish: (r) => r.claimForPublish(UPLOAD, OWNER, NOW),
      unclaim: (r) => r.unclaim(UPLOAD),
      expired: (r) => r.expired(NOW + 2 * DAY, 100),
      existing: (r) => r.existing([UPLOAD, 'f'.repeat(32)]),
      delete: (r) => r.delete(UPLOAD),
    },
  }),
  define({
    file: 'media.repository',
    make: (db) => new MediaRepository(db),
    calls: {
      videoMedia: (r) => r.videoMedia(VIDEO),
      isUserImage: (r) => r.isUserImage(`images/${OWNER}-avatar.png`),
      withLockedVideo: (r) => r.withLockedVideo(VIDEO, async () => undefined),
      update: (r) =>
        r.withLockedVideo(VIDEO, (trx) =>
          r.update(trx, VIDEO, { thumbnail_key: 'videos/v/t/thumbnail-2.jpg' }),
        ),
    },
  }),
  define({
    file: 'video-engagement.repository',
    make: (db) => new VideoEngagementRepository(db),
    calls: {
      forVideo: (r) => r.forVideo(VIDEO, OWNER, VIEWER),
      countView: async (r) => {
        const view = { videoId: VIDEO, viewerKey: VIEWER, viewerId: VIEWER, windowMs: DAY };
        await r.countView({ ...view, now: NOW });
        await r.countView({ ...view, now: NOW + 1000 });
      },
      pruneViewGuards: (r) => r.pruneViewGuards(NOW - DAY),
    },
  }),
  define({
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
  }),
  define({
    file: 'comment.repository',
    make: (db) => new CommentRepository(db),
    calls: {
      insert: (r) =>
        r.insert({
          id: 'c-new',
          video_id: VIDEO,
          owner_id: OWNER,
          parent_id: COMMENT,
          content: 'Thanks!',
          created_at: NOW,
          updated_at: NOW,
        }),
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
  }),
  define({
    file: 'subscription.repository',
    make: (db) => new SubscriptionRepository(db),
    calls: {
      toggle: async (r) => {
        await r.toggle(VIEWER, OWNER, NOW);
        await r.toggle(VIEWER, OWNER, NOW + 1000);
        await r.toggle(VIEWER, OWNER, NOW + 2000);
      },
      channelsOf: (r) => r.channelsOf(VIEWER),
    },
  }),
  define({
    file: 'watch-progress.repository',
    make: (db) => new WatchProgressRepository(db),
    calls: {
      find: (r) => r.find(VIEWER, VIDEO),
      recordHeartbeat: async (r) => {
        const first = { userId: VIEWER, videoId: VIDEO, watchMs: 10_000, day: 20_468 };
        await r.recordHeartbeat({ ...first, position: 10, now: NOW, previous: undefined });
        const previous = await r.find(VIEWER, VIDEO);
        await r.recordHeartbeat({ ...first, position: 20, now: NOW + 10_000, previous });
      },
    },
  }),
  define({
    file: 'studio.repository',
    make: (db) => new StudioRepository(db),
    calls: {
      channelSummary: (r) => r.channelSummary(OWNER, NOW - 28 * DAY),
      page: async (r) => {
        await r.page(OWNER, { column: 'created_at', direction: 'desc' }, 10, 0);
        await r.page(OWNER, { column: 'title', direction: 'asc' }, 10, 0);
        await r.page(OWNER, { column: 'created_at', direction: 'desc' }, 11, 0, {
          key: NOW,
          id: VIDEO,
        });
        await r.page(OWNER, { column: 'title', direction: 'asc' }, 11, 0, {
          key: 'fixture',
          id: VIDEO,
        });
      },
      newest: (r) => r.newest(OWNER),
      mostViewed: (r) => r.mostViewed(OWNER),
      latestComments: (r) => r.latestComments(OWNER, 5),
      viewsPerDay: async (r) => {
        await r.viewsPerDay({ videoId: VIDEO }, NOW - 28 * DAY, NOW);
        await r.viewsPerDay({ ownerId: OWNER }, NOW - 28 * DAY, NOW);
      },
      watchMsPerDay: async (r) => {
        await r.watchMsPerDay({ videoId: VIDEO }, 20_440, 20_468);
        await r.watchMsPerDay({ ownerId: OWNER }, 20_440, 20_468);
      },
      netSubscribersPerDay: (r) => r.netSubscribersPerDay(OWNER, NOW - 28 * DAY, NOW),
    },
  }),
  ...GOVERNANCE_QUERIES,
  define({
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
    },
  }),
  define({
    file: 'library-settings.repository',
    make: (db) => new LibrarySettingsRepository(db),
    calls: {
      find: (r) => r.find(VIEWER),
      update: (r) => r.update(VIEWER, { history_paused: 1, notify_new_video: 0 }, NOW),
      markReadBefore: (r) => r.markReadBefore(VIEWER, NOW, NOW),
    },
  }),
  define({
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
      addVideo: async (r) => {
        await r.addVideo(PLAYLIST, VIDEO, NOW, 5000);
        await r.addVideo(PLAYLIST, VIDEO, NOW, 5000);
        await r.addVideo(PLAYLIST, PROCESSING, NOW, 5000);
      },
      items: (r) => r.items(PLAYLIST, VIEWER, 100, 0),
      ownerPage: (r) => r.ownerPage(OWNER, ['public'], VIEWER, 60, 0),
      summaryOf: (r) => r.summaryOf(PLAYLIST, VIEWER),
      videoRows: (r) => r.videoRows([VIDEO]),
      choices: (r) => r.choices(OWNER, VIDEO, 500),
      moveVideo: (r) => r.moveVideo(PLAYLIST, PROCESSING, 0, OWNER, NOW),
      removeVideo: (r) => r.removeVideo(PLAYLIST, VIDEO, NOW),
      delete: (r) => r.delete(PLAYLIST),
    },
  }),
  define({
    file: 'notification-fanout.repository',
    make: (db) => new NotificationFanoutRepository(db),
    calls: {
      insertProcessed: (r) => r.insertProcessed(VIDEO, 'processing_done', NOW),
    },
  }),
  define({
    file: 'notification.repository',
    make: (db) => new NotificationRepository(db),
    calls: {
      page: (r) => r.page(NOTIFICATION_SCOPE, 20, 0),
      unreadCount: (r) => r.unreadCount(NOTIFICATION_SCOPE, 100),
      markRead: (r) => r.markRead(VIEWER, [VIDEO], NOW),
      prune: (r) => r.prune(NOW - 90 * DAY),
    },
  }),
  define({
    file: 'orphan-sweep.repository',
    make: (db) => {
      // Its locked reads and writes run inside the media repository's row lock, as in the sweep.
      media = new MediaRepository(db);
      return new OrphanSweepRepository(db);
    },
    calls: {
      videosAfter: async (r) => {
        await r.videosAfter(undefined, 500);
        await r.videosAfter(VIDEO, 500);
      },
      lockedVideo: (r) =>
        media.withLockedVideo(PROCESSING, (trx) => r.lockedVideo(trx, PROCESSING)),
      video: (r) => r.video(PROCESSING),
      referencedImages: (r) =>
        r.referencedImages([`images/${OWNER}-avatar.png`, 'images/nobody.png']),
      markFilesLost: async (r) => {
        const lost = { jobKind: 'video.playable', storedBytes: 1000 };
        await media.withLockedVideo(VIDEO, (trx) =>
          r.markFilesLost(trx, { id: VIDEO, owner_id: OWNER }, 'Retry.', NOW, {
            ...lost,
            retryable: true,
            jobId: 'j-lost',
          }),
        );
        await media.withLockedVideo(PROCESSING, (trx) =>
          r.markFilesLost(trx, { id: PROCESSING, owner_id: OWNER }, 'Upload again.', NOW, {
            ...lost,
            retryable: false,
            jobId: 'x',
          }),
        );
      },
    },
  }),
  // Last: it deletes the viewer the entries above act on.
  define({
    file: 'account-deletion.repository',
    make: (db, dialect) => new AccountDeletionRepository(db, dialect),
    calls: {
      videoIdsOf: (r) => r.videoIdsOf(OWNER),
      commentIdsOf: (r) => r.commentIdsOf(VIEWER),
      uploadIdsOf: (r) => r.uploadIdsOf(OWNER),
      deleteAccountRows: async (r) => {
        // The owner still has a video: the step stops there, for it to go first.
        await r.deleteAccountRows(OWNER);
        await r.deleteAccountRows(VIEWER);
      },
    },
  }),
];
