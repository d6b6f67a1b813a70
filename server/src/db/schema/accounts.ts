import type { Role } from '@contract';
import { integer, text, type TableColumns } from '../table-columns.js';

/**
 * Accounts and sign-in: users, sessions and their guards, mail, linked sign-in providers. Part of
 * `TABLES` (db/schema.ts).
 */
export const ACCOUNT_TABLES = {
  users: {
    id: text(),
    username: text(),
    email: text(),
    full_name: text(),
    password_hash: text().nullable(),
    avatar_key: text(),
    cover_key: text().nullable(),
    created_at: integer(),
    /** The channel's videos, all and public, kept by triggers on `videos` (migration 014). */
    all_videos_count: integer().generated(),
    public_videos_count: integer().generated(),
    /** The channel's subscribers, kept by triggers on `subscriptions` (migration 111). */
    subscribers_count: integer().generated(),
    /** 'admin', 'moderator' or 'user' (migration 050). */
    role: text<Role>().generated(),
    /** Set while staff keep the account suspended: no sign-in, its content hidden from others. */
    suspended_at: integer().nullable(),
    suspension_reason: text().nullable(),
    /** 1 while a sign-up waits for a moderator's approval (registration mode `approval`). */
    awaiting_approval: integer().generated(),
    /** Overrides the instance's default storage quota for this user; null: the default. */
    quota_bytes: integer().nullable(),
    /** 1 once the person followed a link sent to `email` (migration 060). */
    email_verified: integer().generated(),
    bio: text().generated(),
    /** Two-factor sign-in: the secret in use, one awaiting its first code, the last step used. */
    totp_secret: text().nullable(),
    totp_pending_secret: text().nullable(),
    totp_last_step: integer().nullable(),
  },
  sessions: {
    token_hash: text(),
    user_id: text(),
    created_at: integer(),
    expires_at: integer(),
    /** Moved forward at most once a minute while the session is used (idle timeout). */
    last_seen_at: integer(),
    /**
     * The id the owner sees and ends it by (migration 060); the token hash stays secret. Every
     * insert names one and 060 gave the older rows theirs, though the column allows null.
     */
    id: text().nullable(),
    user_agent: text(),
    address: text(),
  },
  /** A link sent by mail: verify an address, reset a password (migration 060). */
  account_tokens: {
    token_hash: text(),
    user_id: text(),
    purpose: text<'verify-email' | 'change-email' | 'password-reset'>(),
    /** The address the link was sent to; an address change takes effect when it is confirmed. */
    email: text(),
    created_at: integer(),
    expires_at: integer(),
    used_at: integer().nullable(),
  },
  /** One unused recovery code of an account with two-factor sign-in, hashed. */
  totp_recovery_codes: {
    user_id: text(),
    code_hash: text(),
    created_at: integer(),
  },
  /** A username that moved: the channel is found by it (and it stays reserved) until it expires. */
  username_redirects: {
    old_username: text(),
    user_id: text(),
    expires_at: integer(),
  },
  /** A message on its way out (migration 060): deleted once delivered. */
  mail_outbox: {
    id: text(),
    to_address: text(),
    subject: text(),
    text_body: text(),
    html_body: text(),
    state: text<'queued' | 'sending' | 'failed'>(),
    attempts: integer().generated(),
    run_after: integer(),
    lease_owner: text().nullable(),
    lease_expires_at: integer().nullable(),
    last_error: text().nullable(),
    created_at: integer(),
  },
  login_failures: {
    account: text(),
    failures: integer(),
    locked_until: integer(),
    updated_at: integer(),
  },
  google_link_requests: {
    token_hash: text(),
    provider: text(),
    subject: text(),
    email: text(),
    full_name: text(),
    user_id: text(),
    return_to: text(),
    expires_at: integer(),
  },
  rate_limits: {
    bucket: text(),
    subject: text(),
    window_start: integer(),
    hits: integer(),
  },
  /** A provider account (`provider`, its `sub`) linked to a user. */
  user_identities: {
    provider: text(),
    subject: text(),
    user_id: text(),
    created_at: integer(),
  },
  /** An authorisation request in progress, keyed by the SHA-256 of its `state`; used once. */
  oauth_flows: {
    state_hash: text(),
    provider: text(),
    code_verifier: text(),
    nonce: text(),
    /** Same-site path to land on after sign-in. */
    return_to: text(),
    expires_at: integer(),
  },
} satisfies Record<string, TableColumns>;
