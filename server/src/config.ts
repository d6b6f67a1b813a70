import path from 'node:path';

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
  /** Where browsers reach this app; redirect URIs given to identity providers are built on it. */
  publicUrl: string;
  /** Sign in with Google; undefined (button hidden) unless both client id and secret are set. */
  google: OidcProviderConfig | undefined;
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
  const port = int(env.PORT, 3000, 'PORT');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  }
  return {
    port,
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
    publicUrl: httpUrl(env.PUBLIC_URL || `http://localhost:${port}`, 'PUBLIC_URL'),
    google: googleConfig(env),
  };
}

/** An absolute http(s) URL without a trailing slash, or a clear start-up error. */
function httpUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an absolute http(s) URL`);
  }
  return url.toString().replace(/\/+$/, '');
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function googleConfig(env: NodeJS.ProcessEnv): OidcProviderConfig | undefined {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) {
    throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  const issuerUrl = httpUrl(
    env.GOOGLE_ISSUER_URL || 'https://accounts.google.com',
    'GOOGLE_ISSUER_URL',
  );
  // Tokens from a provider reached over plain http could be forged on the way; only a
  // provider on this very machine (a local test or development provider) may use it.
  const issuer = new URL(issuerUrl);
  if (issuer.protocol === 'http:' && !LOOPBACK_HOSTS.has(issuer.hostname)) {
    throw new Error('GOOGLE_ISSUER_URL must use https (plain http only for localhost)');
  }
  return { clientId, clientSecret, issuerUrl };
}
