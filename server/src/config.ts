import path from 'node:path';

export interface RateLimitRule {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise SQLite at `sqlitePath`. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  /** Built web app served at /; absent in API-only deployments and tests. */
  webDistDir: string | undefined;
  corsOrigins: string[];
  trustProxy: boolean;
  sessionTtlDays: number;
  rateLimits: { login: RateLimitRule; register: RateLimitRule };
  logLevel: string;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

/** Reads the environment once; defaults make `npm start` work with no setup. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  }
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    sqlitePath: path.join(dataDir, 'vidshare.sqlite'),
    webDistDir: env.WEB_DIST_DIR === '' ? undefined : path.resolve(env.WEB_DIST_DIR || 'web/dist'),
    corsOrigins: (env.CORS_ORIGINS || '')
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    sessionTtlDays: int(env.SESSION_TTL_DAYS, 30, 'SESSION_TTL_DAYS'),
    rateLimits: {
      login: { max: int(env.LOGIN_RATE_LIMIT, 10, 'LOGIN_RATE_LIMIT'), windowSeconds: 60 },
      register: {
        max: int(env.REGISTER_RATE_LIMIT, 10, 'REGISTER_RATE_LIMIT'),
        windowSeconds: 3600,
      },
    },
    logLevel: env.LOG_LEVEL || 'info',
  };
}
