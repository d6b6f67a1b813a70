import path from 'node:path';
import { crossChecks, envSchema } from './env-schema.js';
import { resolveFfmpegPath } from './media/ffmpeg.js';
import { resolveFfprobePath } from './media/ffprobe.js';
import type { S3StoreOptions } from './storage/s3-blob-store.js';

export {
  defaultServerProcesses,
  defaultWorkerConcurrency,
  envSchema,
  type ParsedEnv,
} from './env-schema.js';

export interface RateLimitRule {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/** An OpenID Connect provider (Google by default) this server signs users in with. */
export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  /** Discovery reads `{issuerUrl}/.well-known/openid-configuration`. */
  issuerUrl: string;
}

export interface AppConfig {
  port: number;
  /**
   * Server processes `npm start` runs on the one port (SERVER_PROCESSES; one per core by
   * default); 1 serves from a single process with no supervisor.
   */
  serverProcesses: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite at `sqlitePath`. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process may hold at once. */
  databasePoolSize: number;
  /**
   * How long a request waits for a pooled connection (PostgreSQL) or the write lock (SQLite)
   * before it is answered 503 with Retry-After.
   */
  databaseTimeoutMs: number;
  /**
   * At the very first start, how long a server waits for an unreachable database before it
   * gives up with one line saying why. A process started again later waits as long as it takes.
   */
  databaseStartupWaitSeconds: number;
  sqlitePath: string;
  /** Built web app served at /; absent in API-only deployments and tests. */
  webDistDir: string | undefined;
  corsOrigins: string[];
  /** Sites that may frame the embed page (`/embed/{id}`); empty: any site may. */
  embedAllowedOrigins: string[];
  /**
   * Whether client addresses and the protocol are read from X-Forwarded-* headers: `true`
   * trusts every hop, a list trusts only proxies at those addresses or CIDR ranges.
   */
  trustProxy: boolean | string[];
  sessionTtlDays: number;
  /** Turns on `GET /metrics`, readable with `Authorization: Bearer {metricsToken}`. */
  metricsToken: string | undefined;
  /**
   * Seals secrets kept in the database (two-factor secrets); unset, the key is
   * `DATA_DIR/secret.key`, made at the first start (lib/secret-key.ts).
   */
  secretKey: string | undefined;
  /** Compress JSON answers of 1 KB and more (off when a proxy in front compresses). */
  compressJson: boolean;
  /** On SIGTERM, how long requests in flight may take to finish before they are cut. */
  shutdownTimeoutMs: number;
  /** A session unused this long ends; 0: no idle timeout. */
  sessionIdleMinutes: number;
  /** Failed sign-ins in a row per account before it is locked for a while; 0: no lockout. */
  loginLockoutAfter: number;
  /**
   * How long a client may take to send a request's headers, and its whole request (body
   * included), and how long an idle keep-alive connection stays open.
   */
  requestTimeoutSeconds: number;
  rateLimits: { login: RateLimitRule; register: RateLimitRule };
  /**
   * Anti-spam limits per account and per client address: comments and replies (per minute),
   * reports (per hour). Counted in the shared `rate_limits` table like sign-in's.
   */
  spamLimits: {
    comment: RateLimitRule;
    commentAddress: RateLimitRule;
    report: RateLimitRule;
    reportAddress: RateLimitRule;
  };
  logLevel: string;
  /** Where browsers reach this app; redirect URIs given to identity providers are built on it. */
  publicUrl: string;
  /** Sign in with Google; undefined (button hidden) unless both client id and secret are set. */
  google: OidcProviderConfig | undefined;
  processing: ProcessingConfig;
  /** The ffmpeg and ffprobe binaries this server runs, checked at start (media/tool-check.ts). */
  mediaTools: { ffmpeg: MediaToolConfig; ffprobe: MediaToolConfig };
  /** PG_BIN_DIR: where backups look for pg_dump and pg_restore first (ops/pg-tools.ts). */
  pgBinDir: string | undefined;
  uploads: UploadsConfig;
  /** Where media bytes live: local disk under DATA_DIR/media (default) or an S3 bucket. */
  storage: StorageConfig;
  /**
   * How long one call to the media store may take (per 8 MiB it carries) before it counts as
   * unavailable: 503 for the request, a retry later for the processing worker.
   */
  storageTimeoutMs: number;
  /**
   * A file or object no row refers to is removed by the orphan sweep only once it is older
   * than this (an upload stores its files a moment before its row).
   */
  orphanGraceSeconds: number;
  /**
   * Absolute media URLs in API answers, set when PUBLIC_URL is: `public` (MEDIA_PUBLIC_URL, else
   * `{PUBLIC_URL}/media`) serves what anyone may fetch, `app` (`{PUBLIC_URL}/media`) what only
   * its owner may, through the access check. Undefined: relative `/media/…` URLs.
   */
  mediaBase: { public: string; app: string } | undefined;
  /**
   * How long browsers and shared caches (a CDN) may keep media anyone may fetch. Bounded, so a
   * video made private or unlisted (whose URLs then change) stops being served from caches that
   * ignore a purge within this time.
   */
  mediaMaxAgeSeconds: number;
  /** The name mail and pages call this site by. */
  instanceName: string;
  /** Outgoing mail; undefined when SMTP_URL is unset (features that need mail say so). */
  mail: MailConfig | undefined;
  /** Unverified accounts may sign in but not upload, comment or report. */
  requireEmailVerification: boolean;
}

export interface MailConfig {
  /** smtp:// or smtps://, credentials included. */
  smtpUrl: string;
  /** The From header. */
  from: string;
}

export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StoreOptions);

/** Video processing (see processing/). */
export interface ProcessingConfig {
  /** `npm start` also runs a processing worker process (false when workers run elsewhere). */
  embeddedWorker: boolean;
  /** Jobs one worker runs at once. */
  concurrency: number;
  /** A job still running after this many seconds is stopped, retried, then failed. */
  jobTimeoutSeconds: number;
  /**
   * A running job's worker renews its lease every third of this; a worker that died (kill -9,
   * a lost machine) renews nothing, and another worker starts the job again once it runs out.
   */
  jobLeaseSeconds: number;
  /**
   * How often an idle worker looks at the queue. A server process under the supervisor also
   * wakes its worker at once (processing/jobs-queued.ts), and on PostgreSQL every server wakes
   * every worker (processing/job-notifications.ts); this finds what neither reaches.
   */
  jobPollMs: number;
  /** Uploads longer than this are refused. */
  maxVideoSeconds: number;
}

/** One media program: the binary run, and whether its variable chose it. */
export interface MediaToolConfig {
  /** The variable that names it: FFMPEG_PATH or FFPROBE_PATH. */
  variable: 'FFMPEG_PATH' | 'FFPROBE_PATH';
  path: string;
  /** Set by `variable`; false when found by default (on PATH, or the shipped binary). */
  configured: boolean;
}

/** What one upload may be, and how much a user may store (see services/quota-policy.ts). */
export interface UploadsConfig {
  /** The largest file one upload may be (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** Everything stored for one user's videos, originals and outputs; undefined: no limit. */
  quotaBytes: number | undefined;
  /** The same, for videos and uploads of the last 24 hours; undefined: no limit. */
  dailyQuotaBytes: number | undefined;
  /** An unfinished (or finished but unpublished) resumable upload is removed after this. */
  expiryHours: number;
  /** Keep each upload's original once its outputs exist (false drops it to save space). */
  keepOriginals: boolean;
  /** An upload body slower than this, averaged over `rateWindowSeconds`, is cut. */
  minBytesPerSecond: number;
  rateWindowSeconds: number;
}

/** A configuration the server refuses to start with; the message lists every problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once; defaults make `npm start` work with no setup. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems = crossChecks(e);
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    serverProcesses: e.SERVER_PROCESSES,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    databaseStartupWaitSeconds: e.DATABASE_STARTUP_WAIT_SECONDS,
    sqlitePath: path.join(dataDir, 'vidshare.sqlite'),
    webDistDir: e.WEB_DIST_DIR === '' ? undefined : path.resolve(e.WEB_DIST_DIR || 'web/dist'),
    corsOrigins: e.CORS_ORIGINS,
    embedAllowedOrigins: e.EMBED_ALLOWED_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    compressJson: e.COMPRESS_JSON,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    loginLockoutAfter: e.LOGIN_LOCKOUT_AFTER,
    metricsToken: e.METRICS_TOKEN,
    secretKey: e.SECRET_KEY,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    rateLimits: {
      login: { max: e.LOGIN_RATE_LIMIT, windowSeconds: 60 },
      register: { max: e.REGISTER_RATE_LIMIT, windowSeconds: 3600 },
    },
    // An address may be shared (a household, an office): it gets three accounts' worth.
    spamLimits: {
      comment: { max: e.COMMENT_RATE_LIMIT, windowSeconds: 60 },
      commentAddress: { max: e.COMMENT_RATE_LIMIT * 3, windowSeconds: 60 },
      report: { max: e.REPORT_RATE_LIMIT, windowSeconds: 3600 },
      reportAddress: { max: e.REPORT_RATE_LIMIT * 3, windowSeconds: 3600 },
    },
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuerUrl: e.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com',
          }
        : undefined,
    processing: {
      embeddedWorker: e.EMBEDDED_WORKER,
      concurrency: e.WORKER_CONCURRENCY,
      jobTimeoutSeconds: e.JOB_TIMEOUT_SECONDS,
      jobLeaseSeconds: e.JOB_LEASE_SECONDS,
      jobPollMs: e.JOB_POLL_MS,
      maxVideoSeconds: e.MAX_VIDEO_SECONDS,
    },
    mediaTools: {
      ffmpeg: {
        variable: 'FFMPEG_PATH',
        path: resolveFfmpegPath(e.FFMPEG_PATH),
        configured: e.FFMPEG_PATH !== '',
      },
      // PATH is the system's search path, read from the same environment.
      ffprobe: {
        variable: 'FFPROBE_PATH',
        path: resolveFfprobePath(e.FFPROBE_PATH, env.PATH),
        configured: e.FFPROBE_PATH !== '',
      },
    },
    pgBinDir: e.PG_BIN_DIR || undefined,
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      quotaBytes: e.USER_QUOTA_BYTES,
      dailyQuotaBytes: e.USER_DAILY_QUOTA_BYTES,
      expiryHours: e.UPLOAD_EXPIRY_HOURS,
      keepOriginals: e.KEEP_ORIGINALS,
      minBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
      rateWindowSeconds: e.UPLOAD_RATE_WINDOW_SECONDS,
    },
    storage:
      e.STORAGE === 's3' && e.S3_BUCKET
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            credentials: e.S3_ACCESS_KEY_ID
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    storageTimeoutMs: e.STORAGE_TIMEOUT_MS,
    orphanGraceSeconds: e.ORPHAN_GRACE_SECONDS,
    mediaBase: e.PUBLIC_URL
      ? { public: e.MEDIA_PUBLIC_URL ?? `${e.PUBLIC_URL}/media`, app: `${e.PUBLIC_URL}/media` }
      : undefined,
    mediaMaxAgeSeconds: e.MEDIA_MAX_AGE_SECONDS,
    instanceName: e.INSTANCE_NAME,
    mail: e.SMTP_URL
      ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? defaultSender(e.INSTANCE_NAME, e.PUBLIC_URL) }
      : undefined,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
  };
}

/** `Name <no-reply@host>` on the public address's host (localhost when there is none). */
function defaultSender(name: string, publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return `${name.replace(/["<>\r\n]/g, '')} <no-reply@${host}>`;
}
