import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { isAddressOrCidr } from './env-fields.js';

describe('loadConfig', () => {
  it('defaults to port 3000, ./data and SQLite', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.sqlitePath).toBe(path.resolve('data/vidshare.sqlite'));
    expect(c.corsOrigins).toEqual([]);
  });
  it('reads PORT, DATA_DIR, DATABASE_URL and CORS_ORIGINS', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/vids',
      DATABASE_URL: 'postgres://u@db/vids',
      CORS_ORIGINS: 'https://a.example/, https://b.example',
    });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/srv/vids');
    expect(c.databaseUrl).toBe('postgres://u@db/vids');
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
  it('rejects nonsense early', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
  });
});

describe('loadConfig: sign-in with Google', () => {
  it('is off unless both client id and secret are set; PUBLIC_URL defaults to the port', () => {
    const c = loadConfig({ PORT: '4000' });
    expect(c.google).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:4000');
  });
  it('defaults the issuer to Google and trims a trailing slash from PUBLIC_URL', () => {
    const c = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://videos.example/',
    });
    expect(c.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuerUrl: 'https://accounts.google.com',
    });
    expect(c.publicUrl).toBe('https://videos.example');
  });
  it('refuses half a configuration and URLs that are not http(s)', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ PUBLIC_URL: 'videos.example' })).toThrow(/PUBLIC_URL/);
    expect(() =>
      loadConfig({
        GOOGLE_CLIENT_ID: 'i',
        GOOGLE_CLIENT_SECRET: 's',
        GOOGLE_ISSUER_URL: 'ftp://x',
      }),
    ).toThrow(/GOOGLE_ISSUER_URL/);
    const google = { GOOGLE_CLIENT_ID: 'i', GOOGLE_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...google, GOOGLE_ISSUER_URL: 'http://idp.example' })).toThrow(
      /https/,
    );
    expect(loadConfig({ ...google, GOOGLE_ISSUER_URL: 'http://localhost:9000' }).google).toEqual({
      clientId: 'i',
      clientSecret: 's',
      issuerUrl: 'http://localhost:9000',
    });
  });
});

/** The message loadConfig refuses `env` with. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('loadConfig: one schema, clear refusals', () => {
  it('refuses a port outside 1–65535, naming the range and the value', () => {
    expect(refusal({ PORT: '70000' })).toContain(
      'PORT must be a whole number from 1 to 65535 (got "70000")',
    );
    expect(refusal({ PORT: '0' })).toMatch(/PORT must be/);
    expect(refusal({ PORT: '80.5' })).toMatch(/PORT must be/);
    expect(loadConfig({ PORT: ' 65535 ' }).port).toBe(65535);
  });
  it('refuses a session lifetime of zero days, which would make every sign-in born expired', () => {
    expect(refusal({ SESSION_TTL_DAYS: '0' })).toContain(
      'SESSION_TTL_DAYS must be a whole number from 1',
    );
    expect(refusal({ SESSION_TTL_DAYS: '-3' })).toMatch(/SESSION_TTL_DAYS/);
    expect(loadConfig({ SESSION_TTL_DAYS: '7' }).sessionTtlDays).toBe(7);
  });
  it('reads the request timeout in whole seconds, 30 by default', () => {
    expect(loadConfig({}).requestTimeoutSeconds).toBe(30);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '5' }).requestTimeoutSeconds).toBe(5);
    expect(refusal({ REQUEST_TIMEOUT_SECONDS: '0' })).toMatch(/REQUEST_TIMEOUT_SECONDS/);
    expect(refusal({ REQUEST_TIMEOUT_SECONDS: 'soon' })).toMatch(/REQUEST_TIMEOUT_SECONDS/);
  });
  it('reads TRUST_PROXY as true, false or a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
  });
  it('refuses TRUST_PROXY=yes instead of silently reading it as false', () => {
    expect(refusal({ TRUST_PROXY: 'yes' })).toContain(
      'TRUST_PROXY must be true, false, or a comma-separated list of proxy addresses or CIDR ranges',
    );
    expect(refusal({ TRUST_PROXY: '10.0.0.0/33' })).toMatch(/TRUST_PROXY/);
    expect(refusal({ TRUST_PROXY: '10.0.0.1,' })).toMatch(/TRUST_PROXY/);
  });
  it('refuses rate limits that are not whole numbers, and accepts 0 (off)', () => {
    expect(refusal({ LOGIN_RATE_LIMIT: 'ten' })).toMatch(
      /LOGIN_RATE_LIMIT .*0 turns the limit off/,
    );
    expect(loadConfig({ REGISTER_RATE_LIMIT: '0' }).rateLimits.register.max).toBe(0);
  });
  it('refuses unknown log levels and CORS entries that are not origins', () => {
    expect(refusal({ LOG_LEVEL: 'verbose' })).toMatch(/LOG_LEVEL must be one of fatal, error/);
    expect(loadConfig({ LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
    expect(refusal({ CORS_ORIGINS: 'https://a.example/app' })).toMatch(
      /CORS_ORIGINS entries must be origins/,
    );
    expect(refusal({ CORS_ORIGINS: '*' })).toMatch(/CORS_ORIGINS/);
  });
  it('reads COMPRESS_JSON as a flag, on by default', () => {
    expect(loadConfig({}).compressJson).toBe(true);
    expect(loadConfig({ COMPRESS_JSON: 'false' }).compressJson).toBe(false);
    expect(refusal({ COMPRESS_JSON: 'maybe' })).toMatch(/COMPRESS_JSON must be true or false/);
  });
  it('lists every problem at once, one per line', () => {
    const message = refusal({ PORT: '70000', SESSION_TTL_DAYS: '0', TRUST_PROXY: 'yes' });
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}- PORT /),
      expect.stringMatching(/^ {2}- TRUST_PROXY /),
      expect.stringMatching(/^ {2}- SESSION_TTL_DAYS /),
    ]);
  });
});

describe('isAddressOrCidr', () => {
  it('accepts IPv4 and IPv6 addresses with an optional prefix length in range', () => {
    for (const ok of ['127.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', 'fd00::/8', '::/128']) {
      expect(isAddressOrCidr(ok)).toBe(true);
    }
    for (const bad of [
      '',
      'yes',
      'loopback',
      '10.0.0.0/33',
      '::/129',
      '10.0.0/8',
      '1.2.3.4/8/8',
      '1.2.3.4/x',
    ]) {
      expect(isAddressOrCidr(bad)).toBe(false);
    }
  });
});

describe('sign-in protection settings', () => {
  it('defaults to a 7-day idle timeout and a lockout after 5 failures; 0 turns either off', () => {
    expect(loadConfig({}).sessionIdleMinutes).toBe(10080);
    expect(loadConfig({}).loginLockoutAfter).toBe(5);
    const off = loadConfig({ SESSION_IDLE_MINUTES: '0', LOGIN_LOCKOUT_AFTER: '0' });
    expect(off.sessionIdleMinutes).toBe(0);
    expect(off.loginLockoutAfter).toBe(0);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: 'soon' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ LOGIN_LOCKOUT_AFTER: '-1' })).toThrow(/LOGIN_LOCKOUT_AFTER/);
  });
});

describe('loadConfig: processing', () => {
  it('runs one embedded worker job at a time by default, with a timeout and a length limit', () => {
    expect(loadConfig({}).processing).toEqual({
      embeddedWorker: true,
      concurrency: 1,
      jobTimeoutSeconds: 1800,
      jobLeaseSeconds: 30,
      jobPollMs: 250,
      maxVideoSeconds: 7200,
    });
  });
  it('reads EMBEDDED_WORKER, WORKER_CONCURRENCY, JOB_TIMEOUT_SECONDS, JOB_LEASE_SECONDS, JOB_POLL_MS and MAX_VIDEO_SECONDS', () => {
    const c = loadConfig({
      EMBEDDED_WORKER: 'false',
      WORKER_CONCURRENCY: '3',
      JOB_TIMEOUT_SECONDS: '60',
      JOB_LEASE_SECONDS: '5',
      JOB_POLL_MS: '2000',
      MAX_VIDEO_SECONDS: '600',
    });
    expect(c.processing).toEqual({
      embeddedWorker: false,
      concurrency: 3,
      jobTimeoutSeconds: 60,
      jobLeaseSeconds: 5,
      jobPollMs: 2000,
      maxVideoSeconds: 600,
    });
    expect(() => loadConfig({ JOB_POLL_MS: '0' })).toThrow(/JOB_POLL_MS/);
    expect(() => loadConfig({ WORKER_CONCURRENCY: 'many' })).toThrow(/WORKER_CONCURRENCY/);
    expect(() => loadConfig({ EMBEDDED_WORKER: 'maybe' })).toThrow(/EMBEDDED_WORKER/);
    // Renewed every third of it: a second would leave no room for a slow database.
    expect(() => loadConfig({ JOB_LEASE_SECONDS: '1' })).toThrow(/JOB_LEASE_SECONDS/);
  });
});

describe('loadConfig: media storage', () => {
  it('keeps media on local disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });
  it('reads an S3 bucket from STORAGE=s3 and the S3_ variables', () => {
    const c = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'vidshare-media',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(c.storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'vidshare-media',
      region: 'auto',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });
  it('defaults to AWS itself: no endpoint, us-east-1, virtual-host style, the SDK’s credentials', () => {
    expect(loadConfig({ STORAGE: 'S3', S3_BUCKET: 'media.example' }).storage).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'media.example',
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });
  it('refuses an unknown STORAGE, a missing or malformed bucket and half a key pair', () => {
    expect(() => loadConfig({ STORAGE: 'disk' })).toThrow(/STORAGE must be local or s3/);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET must be set when STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'My_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() =>
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }),
    ).toThrow(/S3_ENDPOINT/);
    expect(() =>
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' }),
    ).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('loadConfig: media URLs', () => {
  it('answers relative media URLs unless PUBLIC_URL is set', () => {
    expect(loadConfig({}).mediaBase).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://videos.example/' }).mediaBase).toEqual({
      public: 'https://videos.example/media',
      app: 'https://videos.example/media',
    });
  });
  it('serves public media from MEDIA_PUBLIC_URL, private media always from the app', () => {
    const c = loadConfig({
      PUBLIC_URL: 'https://videos.example',
      MEDIA_PUBLIC_URL: 'https://cdn.example/media/',
    });
    expect(c.mediaBase).toEqual({
      public: 'https://cdn.example/media',
      app: 'https://videos.example/media',
    });
  });
  it('refuses MEDIA_PUBLIC_URL without PUBLIC_URL, or one that is not a URL', () => {
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example' })).toThrow(
      /MEDIA_PUBLIC_URL needs PUBLIC_URL/,
    );
    expect(() =>
      loadConfig({ PUBLIC_URL: 'https://videos.example', MEDIA_PUBLIC_URL: 'cdn.example' }),
    ).toThrow(/MEDIA_PUBLIC_URL/);
  });
});

describe('loadConfig: mail', () => {
  it('sends no mail and requires no verification by default', () => {
    const config = loadConfig({});
    expect(config.mail).toBeUndefined();
    expect(config.requireEmailVerification).toBe(false);
    expect(config.instanceName).toBe('Vidshare');
  });

  it('reads SMTP_URL and MAIL_FROM, with a sender on the public host by default', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', PUBLIC_URL: 'https://v.example' })
        .mail,
    ).toEqual({ smtpUrl: 'smtps://u:p@mail.example:465', from: 'Vidshare <no-reply@v.example>' });
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'Tube <tube@example.com>' }).mail
        ?.from,
    ).toBe('Tube <tube@example.com>');
  });

  it('refuses an SMTP_URL that is not smtp(s) without repeating its password', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://u:hunter2@mail.example' })).toThrow(
      /SMTP_URL must be smtp:\/\//,
    );
    try {
      loadConfig({ SMTP_URL: 'https://u:hunter2@mail.example' });
    } catch (err) {
      expect(String(err)).not.toContain('hunter2');
    }
    expect(() => loadConfig({ SMTP_URL: 'smtp://x', MAIL_FROM: 'not an address' })).toThrow(
      /MAIL_FROM/,
    );
  });

  it('refuses REQUIRE_EMAIL_VERIFICATION without mail to verify with', () => {
    expect(() => loadConfig({ REQUIRE_EMAIL_VERIFICATION: 'true' })).toThrow(/needs SMTP_URL/);
    expect(
      loadConfig({ REQUIRE_EMAIL_VERIFICATION: 'true', SMTP_URL: 'smtp://mail.example' })
        .requireEmailVerification,
    ).toBe(true);
  });
});
