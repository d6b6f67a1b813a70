import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { exportRoutes } from '../http/routes/export.routes.js';
import { sessionsRoutes } from '../http/routes/sessions.routes.js';
import { totpRoutes } from '../http/routes/totp.routes.js';
import { SecretBox } from '../lib/secret-box.js';
import { loadSecretKey } from '../lib/secret-key.js';
import { AccountTokenRepository } from '../repositories/account-token.repository.js';
import { ExportRepository } from '../repositories/export.repository.js';
import { LoginFailureRepository } from '../repositories/login-failure.repository.js';
import { MailOutboxRepository } from '../repositories/mail-outbox.repository.js';
import { RateLimitRepository } from '../repositories/rate-limit.repository.js';
import { SessionRepository } from '../repositories/session.repository.js';
import { TotpRepository } from '../repositories/totp.repository.js';
import { UserRepository } from '../repositories/user.repository.js';
import { UsernameRedirectRepository } from '../repositories/username-redirect.repository.js';
import { AccountLinks } from '../services/account-links.js';
import { AccountService } from '../services/account.service.js';
import { AuthService } from '../services/auth.service.js';
import { EmailVerificationGate } from '../services/email-verification-gate.js';
import { EmailVerificationService } from '../services/email-verification.service.js';
import { ExportService } from '../services/export.service.js';
import { DEFAULT_LOCKOUT, LoginLockout } from '../services/login-lockout.js';
import { Mailer } from '../services/mailer.js';
import type { MediaUrls } from '../services/media-urls.js';
import { PasswordResetService } from '../services/password-reset.service.js';
import { RateLimiter } from '../services/rate-limiter.js';
import { SessionService } from '../services/session.service.js';
import { TotpService } from '../services/totp.service.js';
import type { BlobStore } from '../storage/blob-store.js';

/**
 * Accounts and sign-in: passwords and sessions, the second factor, the limits and lockout that
 * guard them, mail (the outbox and its links), email verification, password reset, the
 * account's own changes and its data export. One domain, wired here so the app only registers
 * its routes; `users.routes`, `account.routes` and `account-links.routes` need services of
 * other domains too, and are registered by the app.
 */
export function buildAccounts(deps: {
  database: DatabaseHandle;
  config: AppConfig;
  blobs: BlobStore;
  urls: MediaUrls;
  log: FastifyBaseLogger;
  /** The services' clock; Date.now unless a test passes another. */
  now?: () => number;
}) {
  const { config, blobs } = deps;
  const db = deps.database.db;
  const clock = deps.now ?? Date.now;
  const users = new UserRepository(db);
  const sessions = new SessionRepository(db, deps.database.dialect);
  const limiter = new RateLimiter(new RateLimitRepository(db), clock);
  const lockout = new LoginLockout(
    new LoginFailureRepository(db),
    { ...DEFAULT_LOCKOUT, failuresBeforeLock: config.loginLockoutAfter },
    clock,
  );
  const totp = new TotpService({
    totp: new TotpRepository(db),
    users,
    // Late-bound: the sign-in service below asks this one for the second factor.
    confirmPassword: (user, password, andThen) => auth.confirmPassword(user, password, andThen),
    config,
    box: new SecretBox(loadSecretKey(config)),
    now: clock,
  });
  const auth: AuthService = new AuthService({
    secondFactor: totp,
    users,
    sessions,
    blobs,
    limiter,
    lockout,
    config,
    now: deps.now,
  });
  // Mail leaves through the outbox; every process delivers (rows are claimed with a lease).
  const mailer = new Mailer({
    outbox: new MailOutboxRepository(db, deps.database.dialect),
    config: config.mail,
    now: clock,
    log: deps.log,
  });
  const tokens = new AccountTokenRepository(db);
  const redirects = new UsernameRedirectRepository(db);
  const links = new AccountLinks(tokens, config.publicUrl, clock);
  const verification = new EmailVerificationService({
    users,
    links,
    mailer,
    limiter,
    config,
  });
  const passwordReset = new PasswordResetService({
    users,
    sessions,
    links,
    mailer,
    limiter,
    lockout,
    config,
    log: (err) => deps.log.error({ err }, 'password reset: queuing the link failed'),
  });
  const gate = new EmailVerificationGate(config.requireEmailVerification);
  const account = new AccountService({
    users,
    sessions,
    redirects,
    auth,
    verification,
    links,
    mailer,
    blobs,
    config,
    now: clock,
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(sessionsRoutes, {
      sessions: new SessionService({ sessions, links, config, now: clock }),
    });
    await api.register(totpRoutes, { totp });
    await api.register(exportRoutes, {
      exports: new ExportService({
        exports: new ExportRepository(db),
        limiter,
        urls: deps.urls,
        config,
        now: clock,
      }),
    });
  };
  return {
    /** Repositories other domains share. */
    rows: { users, sessions, redirects },
    limiter,
    lockout,
    auth,
    mailer,
    verification,
    passwordReset,
    gate,
    account,
    totp,
    routes,
  };
}

export type Accounts = ReturnType<typeof buildAccounts>;
