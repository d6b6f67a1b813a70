import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE, API_PATHS, API_ROUTES } from '@contract';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { registerCachePolicy } from './http/plugins/cache-policy.js';
import { answerClientError } from './http/client-errors.js';
import { registerMultipartParser } from './http/multipart.js';
import { registerErrorHandling } from './http/plugins/errors.js';
import { registerNulRefusal } from './http/plugins/nul-refusal.js';
import { serializerCompiler } from './http/serializer.js';
import { registerOpenApi } from './http/plugins/openapi.js';
import { registerSecurity } from './http/plugins/security.js';
import { registerJsonCompression } from './http/plugins/json-compression.js';
import type { ClusterMetrics } from './metrics/metrics.js';
import { registerSession } from './http/plugins/session.js';
import { secureByDefault, type RouteEntry } from './http/plugins/access.js';
import { registerStaticFiles } from './http/plugins/static-files.js';
import { registerRequestLog } from './http/plugins/request-log.js';
import { requestIdGenerator } from './http/request-id.js';
import { sessionCookiePolicy } from './http/cookie-policy.js';
import { usersRoutes } from './http/routes/users.routes.js';
import { googleAuthRoutes } from './http/routes/google-auth.routes.js';
import { googleLinkRoutes } from './http/routes/google-link.routes.js';
import { mediaRoutes } from './http/routes/media.routes.js';
import { videosRoutes } from './http/routes/videos.routes.js';
import { commentsRoutes } from './http/routes/comments.routes.js';
import { likesRoutes } from './http/routes/likes.routes.js';
import { subscriptionsRoutes } from './http/routes/subscriptions.routes.js';
import { studioRoutes } from './http/routes/studio.routes.js';
import { watchProgressRoutes } from './http/routes/watch-progress.routes.js';
import { healthRoutes } from './http/routes/health.routes.js';
import { buildAccounts } from './accounts/build-accounts.js';
import { buildLibrary, type Library } from './library/build-library.js';
import { governanceRoutes } from './http/routes/governance.routes.js';
import { accountLinksRoutes } from './http/routes/account-links.routes.js';
import { accountRoutes } from './http/routes/account.routes.js';
import type { AccountService } from './services/account.service.js';
import { AccountDeletionRepository } from './repositories/account-deletion.repository.js';
import { AccountDeletionService } from './services/account-deletion.service.js';
import type { EmailVerificationService } from './services/email-verification.service.js';
import type { Mailer } from './services/mailer.js';
import type { PasswordResetService } from './services/password-reset.service.js';
import { pendingMigrations } from './db/migrate.js';
import { HealthService, type Lifecycle } from './services/health.service.js';
import { OidcProvider } from './identity/oidc-provider.js';
import { createFfprobe, createUrlProber, type Prober, type UrlProber } from './media/ffprobe.js';
import { mediaToolChecks } from './media/tool-check.js';
import { registerBodyDeadline } from './http/body-deadline.js';
import { uploadsRoutes } from './http/routes/uploads.routes.js';
import { JobQueueRepository } from './repositories/job-queue.repository.js';
import { UploadRepository } from './repositories/upload.repository.js';
import type { QuotaPolicy } from './services/quota-policy.js';
import { UploadService } from './services/upload.service.js';
import { openUploadStorage, type UploadStorage } from './uploads/upload-storage.js';
import { CommentRepository } from './repositories/comment.repository.js';
import { IdentityRepository } from './repositories/identity.repository.js';
import { MediaRepository } from './repositories/media.repository.js';
import { LikeRepository } from './repositories/like.repository.js';
import { ProcessingRepository } from './repositories/processing.repository.js';
import { StudioRepository } from './repositories/studio.repository.js';
import { SubscriptionRepository } from './repositories/subscription.repository.js';
import { VideoEngagementRepository } from './repositories/video-engagement.repository.js';
import { VideoCards } from './caches/video-cards.js';
import { MediaUrls } from './services/media-urls.js';
import { VideoRepository } from './repositories/video.repository.js';
import { SearchRepository } from './repositories/search.repository.js';
import { SubscriptionFeedRepository } from './repositories/subscription-feed.repository.js';
import { WatchProgressRepository } from './repositories/watch-progress.repository.js';
import { TrendingRepository } from './repositories/trending.repository.js';
import { TrendingService } from './services/trending.js';
import { FeedTokenRepository } from './repositories/feed-token.repository.js';
import { FeedsService } from './services/feeds.service.js';
import { feedsRoutes } from './http/routes/feeds.routes.js';
import { feedTokenRoutes } from './http/routes/feed-token.routes.js';
import { linkPreviewsRoutes } from './http/routes/link-previews.routes.js';
import { LinkPreviews } from './services/link-previews.js';
import { siteOrigin } from './http/site-origin.js';
import { CaptionRepository } from './repositories/caption.repository.js';
import { CaptionService } from './services/captions.service.js';
import { captionsRoutes } from './http/routes/captions.routes.js';
import type { AuthService } from './services/auth.service.js';
import { CommentService } from './services/comment.service.js';
import { GoogleAuthService } from './services/google-auth.service.js';
import { MediaAccess } from './services/media-access.js';
import { VideoMedia } from './services/video-media.js';
import { GoogleLinkService } from './services/google-link.service.js';
import { LikeService } from './services/like.service.js';
import { StudioService } from './services/studio.service.js';
import { SubscriptionService } from './services/subscription.service.js';
import { UserService } from './services/user.service.js';
import { VideoService } from './services/video.service.js';
import { VideoPublishService } from './services/video-publish.service.js';
import { SearchService } from './services/search.service.js';
import { WatchProgressService } from './services/watch-progress.service.js';
import { ChannelBlocks } from './services/channel-blocks.js';
import { buildGovernance, type Governance } from './services/governance.js';
import { ReportService } from './services/report.service.js';
import { ReportRepository } from './repositories/report.repository.js';
import type { BlobStore } from './storage/blob-store.js';
import { TempFiles } from './storage/temp-files.js';
import { OrphanSweeper } from './storage/orphan-sweep.js';
import { OrphanSweepRepository } from './repositories/orphan-sweep.repository.js';

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
    /** The orphan sweep as the server runs it (the leader, at start and hourly). */
    orphans: OrphanSweeper;
  };
}

/**
 * A client gets `seconds` to send its headers, and an idle keep-alive connection is closed
 * after as long, so slow or stalled clients cannot hold connections. Node checks the limits on
 * an interval; a short one cuts them off close to the limit. The whole-request limit is not
 * Node's (which would cut every large upload on a slow link): `registerBodyDeadline` keeps it
 * for every body but uploads, which have a minimum-rate guard instead.
 */
function serverTimeouts(seconds: number) {
  const ms = seconds * 1000;
  return {
    requestTimeout: 0,
    keepAliveTimeout: ms,
    http: { headersTimeout: ms, connectionsCheckingInterval: Math.min(1000, ms / 4) },
  };
}

/** Routes whose bodies are video uploads: a rate floor, not a deadline, bounds them. */
const UPLOAD_ROUTES: ReadonlySet<string> = new Set([
  `${API_BASE}${API_ROUTES.uploads}`,
  `${API_BASE}${API_ROUTES.upload}`,
  `${API_BASE}${API_ROUTES.publishVideo}`,
]);

/** Builds the whole HTTP application without listening, so tests can inject requests. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, blobs } = deps;
  const server = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config.requestTimeoutSeconds),
    routerOptions: { maxParamLength: 200 },
    // While draining on SIGTERM, requests on connections already open are still answered by
    // their routes (readiness with its own 503), instead of Fastify's bare 503 for all.
    return503OnClosing: false,
    // 408, 431 and unparsable requests in the error envelope (HEAD: without a body).
    clientErrorHandler: answerClientError,
    // One line per request, written by registerRequestLog, with ids unique across processes.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(server);
  registerRequestLog(server);
  registerBodyDeadline(server, config.requestTimeoutSeconds, (request) =>
    UPLOAD_ROUTES.has(request.routeOptions.url ?? ''),
  );
  registerNulRefusal(server);
  // Before any route: every API route needs a session unless PUBLIC_OPERATIONS lists it.
  const routes = secureByDefault(server);

  const db = database.db;
  const clock = deps.now ?? Date.now;
  // Absolute media URLs when PUBLIC_URL is set, so other origins can load them.
  const urls = new MediaUrls(config.mediaBase);
  const accounts = buildAccounts({ database, config, blobs, urls, log: server.log, now: deps.now });
  const { limiter, auth, mailer, verification, passwordReset, gate, account } = accounts;
  const { users: userRepo, sessions: sessionRepo, redirects } = accounts.rows;
  const identities = new IdentityRepository(db);
  const mediaRepo = new MediaRepository(db);
  const log = (message: string, err: unknown) =>
    server.log.error({ err }, `media: ${message} failed`);
  const media = new VideoMedia({ blobs, media: mediaRepo, log });
  // Accounts, moderation, settings and the audit log; the command line builds the same.
  const uploadStorage = deps.uploadStorage ?? (await openUploadStorage(config, blobs));
  const governance = buildGovernance({
    database,
    blobs,
    media,
    urls,
    log,
    uploads: config.uploads,
    instanceName: config.instanceName,
    now: deps.now,
  });

  const users = new UserService(userRepo, identities, urls, redirects, clock);
  const google = new GoogleAuthService({
    provider: config.google
      ? new OidcProvider({
          ...config.google,
          redirectUri: `${config.publicUrl}${API_BASE}${API_PATHS.googleLogin}`,
        })
      : undefined,
    identities,
    users: userRepo,
    auth,
    blobs,
    limiter,
    config,
    registration: () => governance.settings.registration(),
    now: deps.now,
  });
  const googleLink = new GoogleLinkService({
    google,
    identities,
    users: userRepo,
    auth,
    verification,
    limiter,
    config,
    now: deps.now,
  });
  const videoRepo = new VideoRepository(db, database.dialect);
  const processingRepo = new ProcessingRepository(db, database.dialect);
  const jobQueue = new JobQueueRepository(db, database.dialect);
  const uploadRows = new UploadRepository(db, database.dialect);
  const uploads = new UploadService({
    uploads: uploadRows,
    // Staff's quotas (an account's own, the settings' defaults) over the environment's.
    policy: deps.quotaPolicy ?? governance.quotas,
    storage: uploadStorage,
    expiryHours: config.uploads.expiryHours,
    now: deps.now,
    log: (message, fields) => server.log.info(fields ?? {}, message),
  });
  // One per process, shared by every list of videos.
  const cards = new VideoCards(
    videoRepo,
    database.snapshot,
    undefined,
    { betweenReads: deps.betweenReads },
    urls,
  );
  const videos = new VideoService({
    videos: videoRepo,
    media,
    cards,
    engagement: new VideoEngagementRepository(db),
    blobs,
    processing: processingRepo,
    queue: jobQueue,
    urls,
    now: deps.now,
  });
  const publishing = new VideoPublishService({
    videos: videoRepo,
    blobs,
    probe: deps.probe ?? createFfprobe(config.mediaTools.ffprobe.path),
    urlProbe: deps.urlProbe ?? createUrlProber(config.mediaTools.ffprobe.path),
    queue: jobQueue,
    uploads,
    uploadRows,
    uploadStorage,
    maxVideoSeconds: config.processing.maxVideoSeconds,
    urls,
    gate,
    now: deps.now,
  });
  const search = new SearchService({
    search: new SearchRepository(db, database.dialect),
    cards,
    now: deps.now,
  });
  const trending = new TrendingService({
    trending: new TrendingRepository(db),
    videos: videoRepo,
    cards,
    now: clock,
  });
  const likeRepo = new LikeRepository(db);
  const commentRepo = new CommentRepository(db);
  const comments = new CommentService({
    comments: commentRepo,
    likes: likeRepo,
    videos,
    blocks: governance.blocks,
    users: userRepo,
    limiter,
    limits: { account: config.spamLimits.comment, address: config.spamLimits.commentAddress },
    snapshot: database.snapshot,
    urls,
    gate,
    betweenReads: deps.betweenReads,
    now: deps.now,
  });
  const likes = new LikeService({ likes: likeRepo, videos, comments, cards, now: deps.now });
  const reports = new ReportService({
    reports: new ReportRepository(db),
    videos,
    comments,
    users: userRepo,
    limiter,
    limits: { account: config.spamLimits.report, address: config.spamLimits.reportAddress },
    gate,
    now: deps.now,
  });
  // One deletion of an account and everything of it, for its owner and for staff alike.
  const accountDeletion = new AccountDeletionService({
    rows: new AccountDeletionRepository(db, database.dialect),
    sessions: sessionRepo,
    comments: commentRepo,
    videos,
    blobs,
    uploads: uploadStorage,
    retireStaff: (userId) => governance.accounts.retireForDeletion(userId),
  });
  const channelBlocks = new ChannelBlocks({
    blocks: governance.blocks,
    users: userRepo,
    urls,
    now: deps.now,
  });
  const subscriptions = new SubscriptionService({
    subscriptions: new SubscriptionRepository(db),
    users: userRepo,
    feed: new SubscriptionFeedRepository(db, database.dialect),
    cards,
    urls,
    now: deps.now,
  });
  const studio = new StudioService({
    studio: new StudioRepository(db),
    videos: videoRepo,
    cards,
    snapshot: database.snapshot,
    urls,
    now: deps.now,
  });
  const feeds = new FeedsService({
    videos,
    videoRows: videoRepo,
    subscriptions,
    users: userRepo,
    tokens: new FeedTokenRepository(db),
    urls,
    now: clock,
  });
  // Absolute links (feeds, pages, oEmbed) use PUBLIC_URL when it is set, else the request's host.
  const publicUrl = config.mediaBase ? config.publicUrl : undefined;
  const library = buildLibrary({ database, cards, videos, urls, now: deps.now });
  const previews = new LinkPreviews({
    videos,
    users: userRepo,
    urls,
    playlists: library.playlists,
  });
  const captions = new CaptionService({
    videos,
    captions: new CaptionRepository(db),
    media: mediaRepo,
    blobs,
    urls,
    now: clock,
  });
  const progress = new WatchProgressService({
    progress: new WatchProgressRepository(db),
    videos,
    now: deps.now,
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
    media: mediaRepo,
    now: deps.now,
    graceMs: config.orphanGraceSeconds * 1000,
    log: (level, message) => server.log[level](message),
  });
  const temp = deps.temp ?? new TempFiles(path.join(config.dataDir, 'tmp'));
  await temp.init();

  const mediaOrigins = config.mediaBase
    ? [...new Set([config.mediaBase.public, config.mediaBase.app].map((u) => new URL(u).origin))]
    : [];
  await registerSecurity(server, config.corsOrigins, mediaOrigins, config.embedAllowedOrigins);
  if (config.compressJson) registerJsonCompression(server);
  if (config.metricsToken) {
    // Loaded only when asked for: prom-client's collectors cost every process a little.
    const { registerMetrics } = await import('./metrics/metrics.js');
    registerMetrics(server, {
      token: config.metricsToken,
      poolStats: () => database.poolStats(),
      queueStats: () => jobQueue.queueStats(clock()),
      orphanSweeps: () => orphans.totals,
      cluster: deps.clusterMetrics,
    });
  }
  await server.register(cookie);
  registerMultipartParser(server);
  registerSession(server, auth, sessionCookiePolicy(config.publicUrl, config.corsOrigins));
  await registerOpenApi(server);

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
      await api.register(accountRoutes, {
        account,
        users,
        temp,
        deletion: accountDeletion,
      });
      await api.register(accounts.routes);
      await api.register(accountLinksRoutes, {
        verification,
        passwordReset,
        // The name, description and registration mode are the instance settings (staff's).
        instance: async () => ({
          ...(await governance.settings.info()),
          mail: mailer.enabled,
          emailVerificationRequired: config.requireEmailVerification,
          google: google.isConfigured,
        }),
      });
      await api.register(googleAuthRoutes, { auth, google });
      await api.register(googleLinkRoutes, { link: googleLink, users });
      await api.register(videosRoutes, {
        videos,
        publishing,
        search,
        trending,
        uploads,
        temp,
        floor: {
          minBytesPerSecond: config.uploads.minBytesPerSecond,
          windowSeconds: config.uploads.rateWindowSeconds,
        },
      });
      await api.register(uploadsRoutes, {
        uploads,
        uploadRows,
        datastore: uploadStorage.datastore,
        maxUploadBytes: config.uploads.maxBytes,
        gate,
        floor: {
          minBytesPerSecond: config.uploads.minBytesPerSecond,
          windowSeconds: config.uploads.rateWindowSeconds,
        },
      });
      await api.register(commentsRoutes, { comments });
      await api.register(likesRoutes, { likes });
      await api.register(subscriptionsRoutes, { subscriptions });
      await api.register(studioRoutes, { studio });
      await api.register(watchProgressRoutes, { progress });
      await api.register(library.routes);
      await api.register(healthRoutes, { health });
      await api.register(governanceRoutes, {
        governance,
        deletion: accountDeletion,
        reports,
        comments,
        blocks: channelBlocks,
      });
      await api.register(feedTokenRoutes, { feeds });
      await api.register(linkPreviewsRoutes, { previews, publicUrl });
      await api.register(captionsRoutes, { captions, temp });
    },
    { prefix: API_BASE },
  );

  await server.register(mediaRoutes, {
    access: new MediaAccess(mediaRepo),
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
      search,
      comments,
      likes,
      subscriptions,
      studio,
      progress,
      library,
      google,
      health,
      governance,
      reports,
      trending,
      uploads,
      mailer,
      verification,
      passwordReset,
      account,
      orphans,
    },
  };
}
