// Signing in and staying signed in: sessions, emailed tokens, second factors, lockouts, rate
// limits and linked identities.
import { DAY, NOW, OWNER, VIEWER } from '../repository-fixtures.js';
import { AccountTokenRepository } from '../../src/repositories/account-token.repository.js';
import { IdentityRepository } from '../../src/repositories/identity.repository.js';
import { LoginFailureRepository } from '../../src/repositories/login-failure.repository.js';
import { RateLimitRepository } from '../../src/repositories/rate-limit.repository.js';
import { SessionRepository } from '../../src/repositories/session.repository.js';
import { TotpRepository } from '../../src/repositories/totp.repository.js';
import { define } from './define.js';

const schedule = { lockMs: (n: number) => (n >= 5 ? 60_000 : 0), capFrom: 10, quietMs: DAY };

export const SESSION_QUERIES = define({
  file: 'session.repository',
  make: (db, dialect) => new SessionRepository(db, dialect),
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
});

export const ACCOUNT_TOKEN_QUERIES = define({
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
    endLinks: (r) => r.endLinks(VIEWER, 'password'),
    takeAddressChange: async (r) => {
      await r.insert({
        token_hash: 'change-hash',
        user_id: VIEWER,
        purpose: 'change-email',
        email: 'new-address@example.com',
        created_at: NOW,
        expires_at: NOW + 3_600_000,
        used_at: null,
      });
      await r.takeAddressChange(
        'change-hash',
        { user_id: VIEWER, email: 'new-address@example.com' },
        NOW,
      );
    },
    deleteExpired: (r) => r.deleteExpired(NOW),
  },
});

export const TOTP_QUERIES = define({
  file: 'totp.repository',
  make: (db) => new TotpRepository(db),
  calls: {
    setPending: (r) => r.setPending(VIEWER, 'JBSWY3DPEHPK3PXP'),
    secretsOf: (r) => r.secretsOf(VIEWER),
    enable: (r) => r.enable(VIEWER, 'JBSWY3DPEHPK3PXP', 59_000_000),
    claimStep: (r) => r.claimStep(VIEWER, 59_000_001),
    replaceRecoveryCodes: (r) => r.replaceRecoveryCodes(VIEWER, ['hash-1', 'hash-2'], NOW),
    useRecoveryCode: (r) => r.useRecoveryCode(VIEWER, 'hash-1'),
    anySealed: (r) => r.anySealed(),
    plainSecrets: (r) => r.plainSecrets(),
    replaceSecret: (r) => r.replaceSecret(VIEWER, 'totp_secret', 'JBSWY3DPEHPK3PXP', 'v1.a.b.c'),
    disable: (r) => r.disable(VIEWER),
  },
});

export const LOGIN_FAILURE_QUERIES = define({
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
});

export const RATE_LIMIT_QUERIES = define({
  file: 'rate-limit.repository',
  make: (db) => new RateLimitRepository(db),
  calls: {
    hit: (r) => r.hit('login', '127.0.0.1', NOW - (NOW % 60_000)),
    deleteOlderThan: (r) => r.deleteOlderThan(NOW - 60_000),
  },
});

export const IDENTITY_QUERIES = define({
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
});
