import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { API_BASE } from '@contract';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { pendingMigrations } from './db/migrate.js';
import { buildAccounts } from './accounts/build-accounts.js';
import type { TotpService } from './services/totp.service.js';
import { buildCommunity } from './community/build-community.js';
import { buildGoogleSignIn } from './identity/build-google-sign-in.js';
import { buildLibrary, type Library } from './library/build-library.js';
import type { JobsQueued } from './processing/jobs-queued.js';
import { buildVideos } from './videos/build-videos.js';
import { buildGovernance, type Governance } from './services/governance.js';
import { createServer } from './http/create-server.js';
import { registerCachePolicy } from './http/plugins/cache-policy.js';
import { registerPlugins } from './http/plugins/register-plugins.js';
import { secureByDefault, type RouteEntry } from './http/plugins/access.js';
import { registerStaticFiles } from './http/plugins/static-files.js';
import { siteOrigin } from './http/site-origin.js';
import { usersRoutes } from './http/routes/users.routes.js';
import { accountRoutes } from './http/routes/account.routes.js';
import { accountLinksRoutes } from './http/routes/account-links.routes.js';
import { mediaRoutes } from './http/routes/media.routes.js';
import { videosRoutes } from './http/routes/videos.routes.js';
import { uploadsRoutes } from './http/routes/uploads.routes.js';
import { studioRoutes } from './http/routes/studio.routes.js';
import { watchProgressRoutes } from './http/routes/watch-progress.routes.js';
import { healthRoutes } from './http/routes/health.routes.js';
import { governanceRoutes } from './http/routes/governance.routes.js';
import { feedsRoutes } from './http/routes/feeds.routes.js';
import { feedTokenRoutes } from './http/routes/feed-token.routes.js';
import { linkPreviewsRoutes } from './http/routes/link-previews.routes.js';
import { captionsRoutes } from './http/routes/captions.routes.js';
import type { ClusterMetrics } from './metrics/metrics.js';
import { mediaToolChecks } from './media/tool-check.js';
import type { Prober, UrlProber } from './media/ffprobe.js';
import { AccountDeletionRepository } from './repositories/account-deletion.repository.js';
import { FeedTokenRepository } from './repositories/feed-token.repository.js';
import { IdentityRepository } from './repositories/identity.repository.js';
import { MediaRepository } from './repositories/media.repository.js';
import { OrphanSweepRepository } from './repositories/orphan-sweep.repository.js';
import { SitemapRepository } from './repositories/sitemap.repository.js';
import type { AccountService } from './services/account.service.js';
import { AccountDeletionService } from './services/account-deletion.service.js';
import type { AuthService } from './services/auth.service.js';
import type { CommentService } from './services/comment.service.js';
import type { SearchService } from './services/search.service.js';
import type { EmailVerificationService } from './services/email-verification.service.js';
import { FeedsService } from './services/feeds.service.js';
import type { GoogleAuthService } from './services/google-auth.service.js';
import { HealthService, type Lifecycle } from './services/health.service.js';
import type { LikeService } from './services/like.service.js';
import { ThumbnailSizes } from './caches/thumbnail-sizes.js';
import { LinkPreviews } from './services/link-previews.js';
import type { Mailer } from './services/mailer.js';
import { MediaAccess } from './services/media-access.js';
import { MediaUrls } from './services/media-urls.js';
import type { PasswordResetService } from './services/password-reset.service.js';
import type { QuotaPolicy } from './services/quota-policy.js';
import type { ReportService } from './services/report.service.js';
import type { StudioService } from './services/studio.service.js';
import type { SubscriptionService } from './services/subscription.service.js';
import type { TrendingService } from './services/trending.js';
import type { UploadService } from './services/upload.service.js';
import { UserService } from './services/user.service.js';
import type { VideoService } from './services/video.service.js';
import { VideoMedia } from './services/video-media.js';
import type { WatchProgressService } from './services/watch-progress.service.js';
import type { BlobStore } from './storage/blob-store.js';
import { OrphanSweeper } from './storage/orphan-sweep.js';
import { TempFiles } from './storage/temp-files.js';
import { openUploadStorage, type UploadStorage } from './uploads/upload-storage.js';

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  blobs: BlobStore;
  /** Upload scratch space; `DATA_DIR/tmp` unless a test passes another. */
  temp?: TempFiles;
  /** Reads media metadata; the ffprobe binary unless a test passes another. */
  probe?: Prober;
  /** The same over loopback HTTP (uploads kept in a bucket). */
  urlProbe?: UrlProber;
  /** Where resumable uploads arrive; beside `blobs` unless a test passes another. */
  uploadStorage?: UploadStorage;
  /** Upload limits per user; the environment's defaults unless a test passes another. */
  quotaPolicy?: QuotaPolicy;
  logger?: FastifyServerOptions['logger'];
  /** The clock services read (epoch ms); Date.now unless a test passes a fixed one. */
  now?: () => number;
  /** The process's state; readiness fails once `shuttingDown` is set. */
  lifecycle?: Lifecycle;
  /** With several server processes, the supervisor's merged metrics (see metrics/). */
  clusterMetrics?: ClusterMetrics;
  /** Runs inside every two-step read, between its steps: tests land a write there. */
  betweenReads?: () => Promise<void> | void;
  /** Told when processing jobs were queued (processing/jobs-queued.ts); nobody by default. */
  jobsQueued?: JobsQueued;
}

export interface App {
  server: FastifyInstance;
  /** Every route registered, per method, with the access it was given (http/plugins/access.ts). */
  routes: readonly RouteEntry[];
  services: {
    auth: AuthService;
    users: UserService;
    videos: VideoService;
    /** Search and the search box's suggestions. */
    search: SearchService;
    comments: CommentService;
    likes: LikeService;
    subscriptions: SubscriptionService;
    studio: StudioService;
    progress: WatchProgressService;
    /** History, playlists and notifications. */
    library: Library;
    google: GoogleAuthService;
    health: HealthService;
    governance: Governance;
    reports: ReportService;
    trending: TrendingService;
    uploads: UploadService;
    mailer: Mailer;
    verification: EmailVerificationService;
    passwordReset: PasswordResetService;
    account: AccountService;
    /** Two-factor sign-in; its secrets are sealed, and checked against the key at start. */
    totp: TotpService;
    /** The orphan sweep as the server runs it (the leader, at start and hourly). */
    orphans: OrphanSweeper;
  };
}

/**
 * Builds the whole HTTP application without listening, so tests can inject requests. Each
 * domain is wired by its builder (accounts/, identity/, videos/, community/, library/,
 * services/governance.ts); the app shares what they need between them and registers the routes.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, blobs } = deps;
  const server = createServer(config, deps.logger);
  // Before any route: every API route needs a session unless PUBLIC_OPERATIONS lists it.
  const routes = secureByDefault(server);

  const db = database.db;
  const clock = deps.now ?? Date.now;
  // Absolute media URLs when PUBLIC_URL is set, so other origins can load them.
  const urls = new MediaUrls(config.mediaBase);
  const accounts = buildAccounts({ database, config, blobs, urls, log: server.log, now: deps.now });
  const { limiter, auth, mailer, verification, passwordReset, gate, account } = accounts;
  const { users: userRows, sessions: sessionRows, redirects } = accounts.rows;
  const identities = new IdentityRepository(db);
  const mediaRows = new MediaRepository(db);
  const log = (message: string, err: unknown) =>
    server.log.error({ err }, `media: ${message} failed`);
  const media = new VideoMedia({ blobs, media: mediaRows, log });
  const uploadStorage = deps.uploadStorage ?? (await openUploadStorage(config, blobs));
  // Accounts, moderation, settings and the audit log; the command line builds the same.
  const governance = buildGovernance({
    database,
    blobs,
    media,
    urls,
    log,
    mailer,
    uploads: config.uploads,
    instanceName: config.instanceName,
    jobsQueued: deps.jobsQueued,
    now: deps.now,
  });

  const users = new UserService(userRows, identities, urls, redirects, clock);
  const googleSignIn = buildGoogleSignIn({
    config,
    identities,
    userRows,
    users,
    auth,
    verification,
    blobs,
    limiter,
    registration: () => governance.settings.registration(),
    now: deps.now,
  });
  const catalogue = buildVideos({
    database,
    config,
    blobs,
    media,
    mediaRows,
    urls,
    gate,
    uploadStorage,
    // Staff's quotas (an account's own, the settings' defaults) over the environment's.
    quotaPolicy: deps.quotaPolicy ?? governance.quotas,
    probe: deps.probe,
    urlProbe: deps.urlProbe,
    log: (message, fields) => server.log.info(fields ?? {}, message),
    betweenReads: deps.betweenReads,
    jobsQueued: deps.jobsQueued,
    now: deps.now,
  });
  const { videos, cards, uploads } = catalogue;
  const community = buildCommunity({
    database,
    config,
    videos,
    cards,
    users: userRows,
    blocks: governance.blocks,
    limiter,
    urls,
    gate,
    betweenReads: deps.betweenReads,
    now: deps.now,
  });
  const { comments } = community;
  // One deletion of an account and everything of it, for its owner and for staff alike.
  const accountDeletion = new AccountDeletionService({
    rows: new AccountDeletionRepository(db, database.dialect),
    sessions: sessionRows,
    comments: community.rows.comments,
    videos,
    blobs,
    uploads: uploadStorage,
    retireStaff: (userId) => governance.accounts.retireForDeletion(userId),
  });
  const feeds = new FeedsService({
    videos,
    sitemap: new SitemapRepository(db),
    subscriptions: community.subscriptions,
    users: userRows,
    tokens: new FeedTokenRepository(db),
    urls,
    now: clock,
  });
  // Absolute links (feeds, pages, oEmbed) use PUBLIC_URL when it is set, else the request's host.
  const publicUrl = config.mediaBase ? config.publicUrl : undefined;
  const library = buildLibrary({ database, cards, videos, urls, now: deps.now });
  const previews = new LinkPreviews({
    videos,
    users: userRows,
    urls,
    playlists: library.playlists,
    thumbnailSizes: new ThumbnailSizes(blobs),
  });
  const health = new HealthService({
    db,
    blobs,
    pendingMigrations: () => pendingMigrations(db),
    lifecycle: deps.lifecycle ?? { shuttingDown: false },
    tools: mediaToolChecks({
      ffprobe: config.mediaTools.ffprobe.path,
      ffmpeg: config.processing.embeddedWorker ? config.mediaTools.ffmpeg.path : undefined,
    }),
  });
  const orphans = new OrphanSweeper({
    blobs,
    rows: new OrphanSweepRepository(db),
    media: mediaRows,
    now: deps.now,
    graceMs: config.orphanGraceSeconds * 1000,
    log: (level, message) => server.log[level](message),
  });
  const temp = deps.temp ?? new TempFiles(path.join(config.dataDir, 'tmp'));
  await temp.init();

  await registerPlugins(server, {
    config,
    auth,
    metrics: {
      poolStats: () => database.poolStats(),
      sharedReads: () => database.sharedReads(),
      queueStats: () => catalogue.rows.queue.queueStats(clock()),
      orphanSweeps: () => orphans.totals,
      cluster: deps.clusterMetrics,
    },
  });

  // Uploads are held to a rate floor rather than the body deadline (http/create-server.ts).
  const floor = {
    minBytesPerSecond: config.uploads.minBytesPerSecond,
    windowSeconds: config.uploads.rateWindowSeconds,
  };
  await server.register(
    async (api) => {
      registerCachePolicy(api);
      await api.register(usersRoutes, {
        auth,
        users,
        verification,
        temp,
        settings: governance.settings,
      });
      await api.register(accountRoutes, { account, users, temp, deletion: accountDeletion });
      await api.register(accounts.routes);
      await api.register(accountLinksRoutes, {
        verification,
        passwordReset,
        // The name, description and registration mode are the instance settings (staff's).
        instance: async () => ({
          ...(await governance.settings.info()),
          mail: mailer.enabled,
          emailVerificationRequired: config.requireEmailVerification,
          google: googleSignIn.google.isConfigured,
        }),
      });
      await api.register(googleSignIn.routes);
      await api.register(videosRoutes, {
        videos,
        publishing: catalogue.publishing,
        search: catalogue.search,
        trending: catalogue.trending,
        uploads,
        temp,
        floor,
        blobs,
      });
      await api.register(uploadsRoutes, {
        uploads,
        uploadRows: catalogue.rows.uploads,
        datastore: uploadStorage.datastore,
        maxUploadBytes: config.uploads.maxBytes,
        gate,
        floor,
      });
      await api.register(community.routes);
      await api.register(studioRoutes, { studio: catalogue.studio });
      await api.register(watchProgressRoutes, { progress: catalogue.progress });
      await api.register(library.routes);
      await api.register(healthRoutes, { health });
      await api.register(governanceRoutes, {
        governance,
        deletion: accountDeletion,
        reports: community.reports,
        comments,
        blocks: community.channelBlocks,
      });
      await api.register(feedTokenRoutes, { feeds });
      await api.register(linkPreviewsRoutes, { previews, publicUrl });
      await api.register(captionsRoutes, { captions: catalogue.captions, temp });
    },
    { prefix: API_BASE },
  );

  await server.register(mediaRoutes, {
    access: new MediaAccess(mediaRows),
    blobs,
    maxAgeSeconds: config.mediaMaxAgeSeconds,
  });
  await server.register(feedsRoutes, { feeds, publicUrl });
  await registerStaticFiles(server, {
    webDistDir: config.webDistDir,
    headFor: (request) => previews.headFor(request.url, siteOrigin(request, publicUrl)),
  });
  mailer.start();
  server.addHook('onClose', () => mailer.stop());
  return {
    server,
    routes,
    services: {
      auth,
      users,
      videos,
      search: catalogue.search,
      comments,
      likes: community.likes,
      subscriptions: community.subscriptions,
      studio: catalogue.studio,
      progress: catalogue.progress,
      library,
      google: googleSignIn.google,
      health,
      governance,
      reports: community.reports,
      trending: catalogue.trending,
      uploads,
      mailer,
      verification,
      passwordReset,
      account,
      totp: accounts.totp,
      orphans,
    },
  };
}
