import os from 'node:os';
import { z } from 'zod';
import {
  bucketName,
  corsOrigins,
  databaseUrl,
  flag,
  httpUrl,
  logLevel,
  optionalBytes,
  secretText,
  mailFrom,
  smtpUrl,
  storageKind,
  text,
  trustProxy,
  wholeNumber,
} from './env-fields.js';

/** Jobs a worker runs at once by default: half the cores (an encode uses several), at least 1. */
export function defaultWorkerConcurrency(cores = os.availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

/** Server processes by default: one per core this process may use, at least 1. */
export function defaultServerProcesses(cores = os.availableParallelism()): number {
  return Math.max(1, cores);
}

/**
 * Every environment variable the server reads, parsed and checked in one place. Each entry
 * turns the raw text into its typed value or reports what is wrong with it (env-fields.ts);
 * loadConfig (config.ts) derives the app's configuration from the result.
 */
export const envSchema = z.object({
  PORT: wholeNumber(3000, 1, 65535),
  SERVER_PROCESSES: wholeNumber(defaultServerProcesses(), 1, 64),
  HOST: text('0.0.0.0'),
  DATA_DIR: text('./data'),
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: wholeNumber(10, 1, 1000),
  DATABASE_TIMEOUT_MS: wholeNumber(5000, 50, 600_000),
  DATABASE_STARTUP_WAIT_SECONDS: wholeNumber(60, 0, 86_400),
  WEB_DIST_DIR: z.string().optional(),
  CORS_ORIGINS: corsOrigins,
  EMBED_ALLOWED_ORIGINS: corsOrigins,
  TRUST_PROXY: trustProxy,
  SESSION_TTL_DAYS: wholeNumber(30, 1, 3650),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(10_000, 0, 600_000),
  COMPRESS_JSON: flag(true),
  SESSION_IDLE_MINUTES: wholeNumber(7 * 24 * 60, 0, 5_256_000, ' (0 turns the idle timeout off)'),
  LOGIN_LOCKOUT_AFTER: wholeNumber(5, 0, 1000, ' (0 turns the lockout off)'),
  METRICS_TOKEN: secretText(16),
  // Seals the two-factor secrets kept in the database; unset: DATA_DIR/secret.key.
  SECRET_KEY: secretText(32),
  LOGIN_RATE_LIMIT: wholeNumber(10, 0, 1_000_000, ' (0 turns the limit off)'),
  REGISTER_RATE_LIMIT: wholeNumber(10, 0, 1_000_000, ' (0 turns the limit off)'),
  COMMENT_RATE_LIMIT: wholeNumber(10, 0, 1_000_000, ' (0 turns the limit off)'),
  REPORT_RATE_LIMIT: wholeNumber(20, 0, 1_000_000, ' (0 turns the limit off)'),
  REQUEST_TIMEOUT_SECONDS: wholeNumber(30, 1, 3600),
  LOG_LEVEL: logLevel,
  PUBLIC_URL: httpUrl(),
  GOOGLE_CLIENT_ID: text(''),
  GOOGLE_CLIENT_SECRET: text(''),
  GOOGLE_ISSUER_URL: httpUrl(),
  EMBEDDED_WORKER: flag(true),
  WORKER_CONCURRENCY: wholeNumber(defaultWorkerConcurrency(), 1, 64),
  JOB_TIMEOUT_SECONDS: wholeNumber(1800, 1, 7 * 24 * 3600),
  JOB_LEASE_SECONDS: wholeNumber(30, 2, 3600),
  JOB_POLL_MS: wholeNumber(250, 10, 600_000),
  MAX_VIDEO_SECONDS: wholeNumber(7200, 1, 7 * 24 * 3600),
  // Any command spawn can run: checked by running it at start, not by its spelling.
  FFMPEG_PATH: text(''),
  FFPROBE_PATH: text(''),
  PG_BIN_DIR: text(''),
  // 25 MiB, the product description's limit, unless the operator allows more (terabytes too).
  UPLOAD_MAX_BYTES: wholeNumber(25 * 1024 * 1024, 1, Number.MAX_SAFE_INTEGER),
  USER_QUOTA_BYTES: optionalBytes(),
  USER_DAILY_QUOTA_BYTES: optionalBytes(),
  UPLOAD_EXPIRY_HOURS: wholeNumber(24, 1, 24 * 365),
  KEEP_ORIGINALS: flag(true),
  UPLOAD_MIN_BYTES_PER_SECOND: wholeNumber(8192, 1, 1024 * 1024 * 1024),
  UPLOAD_RATE_WINDOW_SECONDS: wholeNumber(30, 5, 3600),
  STORAGE: storageKind,
  STORAGE_TIMEOUT_MS: wholeNumber(10_000, 100, 600_000),
  ORPHAN_GRACE_SECONDS: wholeNumber(3600, 0, 30 * 24 * 3600),
  S3_ENDPOINT: httpUrl(),
  S3_BUCKET: bucketName,
  S3_REGION: text('us-east-1'),
  S3_ACCESS_KEY_ID: text(''),
  S3_SECRET_ACCESS_KEY: text(''),
  S3_FORCE_PATH_STYLE: flag(false),
  MEDIA_PUBLIC_URL: httpUrl(),
  MEDIA_MAX_AGE_SECONDS: wholeNumber(3600, 0, 31_536_000),
  INSTANCE_NAME: text('Vidshare'),
  SMTP_URL: smtpUrl,
  MAIL_FROM: mailFrom,
  REQUIRE_EMAIL_VERIFICATION: flag(false),
});

export type ParsedEnv = z.output<typeof envSchema>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Rules that span several variables, checked once each variable is valid on its own. */
export function crossChecks(env: ParsedEnv): string[] {
  const problems: string[] = [];
  const { GOOGLE_CLIENT_ID: id, GOOGLE_CLIENT_SECRET: secret, GOOGLE_ISSUER_URL: issuer } = env;
  if (Boolean(id) !== Boolean(secret)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  // Tokens from a provider reached over plain http could be forged on the way; only a
  // provider on this very machine (a local test or development provider) may use it.
  if (id && issuer && issuer.startsWith('http:') && !LOOPBACK_HOSTS.has(new URL(issuer).hostname)) {
    problems.push('GOOGLE_ISSUER_URL must use https (plain http only for localhost)');
  }
  if (env.STORAGE === 's3' && !env.S3_BUCKET) {
    problems.push('S3_BUCKET must be set when STORAGE=s3');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  // Private media is always served by the app, so absolute URLs need the app's own address.
  if (env.MEDIA_PUBLIC_URL && !env.PUBLIC_URL) {
    problems.push('MEDIA_PUBLIC_URL needs PUBLIC_URL (private media is served by the app there)');
  }
  // Nobody could ever verify, so nobody could ever upload or comment.
  if (env.REQUIRE_EMAIL_VERIFICATION && !env.SMTP_URL) {
    problems.push(
      'REQUIRE_EMAIL_VERIFICATION=true needs SMTP_URL (verification links are sent by mail)',
    );
  }
  return problems;
}
