import { ACCOUNT_MESSAGES } from '@contract';
import { AppError, badRequest } from '../lib/errors.js';
import { hashToken, newSessionToken } from '../lib/tokens.js';
import type {
  AccountTokenRepository,
  LinkEndingChange,
  TokenPurpose,
} from '../repositories/account-token.repository.js';

/**
 * One-time links sent by mail: a 256-bit random token in the link, only its SHA-256 stored,
 * used once (one conditional update), valid until a time read from the injected clock.
 */
export class AccountLinks {
  constructor(
    private readonly tokens: AccountTokenRepository,
    private readonly publicUrl: string,
    private readonly now: () => number,
  ) {}

  /** A new link to `{PUBLIC_URL}{page}?token=…` for the account, sent to `email`. */
  async create(
    userId: string,
    purpose: TokenPurpose,
    email: string,
    page: string,
    ttlMs: number,
  ): Promise<string> {
    const token = newSessionToken();
    const now = this.now();
    await this.tokens.insert({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      email,
      created_at: now,
      expires_at: now + ttlMs,
      used_at: null,
    });
    return `${this.publicUrl}${page}?token=${encodeURIComponent(token)}`;
  }

  /**
   * Uses the link's token: the account and address it was made for, or a refusal that says
   * why (400 unknown or used, 410 expired).
   */
  async take(token: string, purpose: TokenPurpose): Promise<{ user_id: string; email: string }> {
    const tokenHash = hashToken(token);
    const now = this.now();
    const taken = await this.tokens.take(tokenHash, purpose, now);
    if (taken) return taken;
    await this.peek(token, purpose);
    // Valid a moment ago, used by a concurrent request since.
    throw badRequest(ACCOUNT_MESSAGES.linkUsed);
  }

  /**
   * Uses an address-change link and makes the change it was asked for, or refuses as `take`
   * does. A link ended since (by a newer request, a new password or address, or "sign out
   * everywhere") is gone, so it answers as an unknown link.
   */
  async takeAddressChange(token: string): Promise<{ user_id: string; email: string }> {
    const link = await this.peek(token, 'change-email');
    const taken = await this.tokens.takeAddressChange(hashToken(token), link, this.now());
    if (taken) return taken;
    await this.peek(token, 'change-email');
    throw badRequest(ACCOUNT_MESSAGES.linkUsed);
  }

  /** Ends the account's links that `change` makes worthless (LINKS_ENDED_BY). */
  end(userId: string, change: LinkEndingChange): Promise<unknown> {
    return this.tokens.endLinks(userId, change);
  }

  /** Expired links: housekeeping. */
  prune(): Promise<unknown> {
    return this.tokens.deleteExpired(this.now());
  }

  /**
   * What the link is for, without using it (a form refused for a bad field keeps its link), or
   * the refusal `take` would give.
   */
  async peek(token: string, purpose: TokenPurpose): Promise<{ user_id: string; email: string }> {
    const row = await this.tokens.find(hashToken(token), purpose);
    if (!row) throw badRequest(ACCOUNT_MESSAGES.linkInvalid);
    if (row.used_at !== null) throw badRequest(ACCOUNT_MESSAGES.linkUsed);
    if (row.expires_at <= this.now()) throw new AppError(410, ACCOUNT_MESSAGES.linkExpired);
    return { user_id: row.user_id, email: row.email };
  }
}
