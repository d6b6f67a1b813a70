import { ACCOUNT_MESSAGES, ROUTES } from '@contract';
import type { AppConfig } from '../config.js';
import { isUniqueViolation } from '../db/database.js';
import { AppError, badRequest, conflict, notFound } from '../lib/errors.js';
import { emailChangeNoticeMessage, verifyEmailMessage } from '../mail/mail-messages.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import type { AccountLinks } from './account-links.js';
import type { Mailer } from './mailer.js';
import type { RateLimiter } from './rate-limiter.js';

export const VERIFY_LINK_HOURS = 48;
const VERIFY_TTL_MS = VERIFY_LINK_HOURS * 3_600_000;
/** Links one account may ask to be sent again per hour. */
const RESEND_RULE = { max: 5, windowSeconds: 3600 };

/**
 * Without SMTP_URL nothing that needs mail can be done: 409, the server's state (not the
 * request) is what stands in the way, and it is the same answer for every address.
 */
export const mailUnavailable = () => new AppError(409, ACCOUNT_MESSAGES.mailUnavailable);

/**
 * Addresses confirmed by a link sent to them: on sign-up, on request, and before an address
 * change takes effect (the old address is told of the change).
 */
export class EmailVerificationService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      links: AccountLinks;
      mailer: Mailer;
      limiter: RateLimiter;
      config: Pick<AppConfig, 'instanceName'>;
    },
  ) {}

  /** Expired links of every kind: housekeeping. */
  prune(): Promise<unknown> {
    return this.deps.links.prune();
  }

  /** A new account's first link (nothing is sent without mail). */
  async sendForNewAccount(user: UserRow): Promise<void> {
    if (!this.deps.mailer.enabled || user.email_verified) return;
    await this.sendLink(user, 'verify-email', user.email);
  }

  /** "Send the link again", signed in. */
  async resend(user: UserRow): Promise<void> {
    if (!this.deps.mailer.enabled) throw mailUnavailable();
    if (user.email_verified) throw badRequest('Your email address is already confirmed.');
    await this.deps.limiter.consume('verify-resend', user.id, RESEND_RULE);
    await this.sendLink(user, 'verify-email', user.email);
  }

  /**
   * The new address gets a link that makes the change; the old one is told. Without mail the
   * change is made at once, unconfirmed: there is no way to confirm it.
   */
  async requestChange(user: UserRow, email: string): Promise<{ pending: boolean }> {
    if (email === user.email) throw badRequest('That is already your email address.');
    if ((await this.deps.users.findTaken('', email)).email) {
      throw conflict('This email is already registered.', [
        { field: 'email', message: 'This email is already registered.' },
      ]);
    }
    if (!this.deps.mailer.enabled) {
      await this.applyChange(user.id, email);
      return { pending: false };
    }
    await this.deps.limiter.consume('verify-resend', user.id, RESEND_RULE);
    // Only the latest request can be confirmed: an older link, perhaps to an address typed by
    // someone else, would otherwise still take the account after the owner asked again.
    await this.deps.links.end(user.id, 'addressRequest');
    await this.sendLink(user, 'change-email', email);
    await this.deps.mailer.send(user.email, emailChangeNoticeMessage(this.context(user), email));
    return { pending: true };
  }

  /** Follows a link: confirms the address, or makes the change it was sent for. */
  async verify(token: string): Promise<{ email: string }> {
    const taken = await this.takeEither(token);
    if (taken.purpose === 'change-email') return { email: taken.email };
    const user = await this.deps.users.findById(taken.user_id);
    if (!user) throw notFound(ACCOUNT_MESSAGES.linkInvalid);
    // The account's address changed since the link was sent: it confirms nothing now.
    if (!(await this.deps.users.markEmailVerified(user.id, taken.email))) {
      throw badRequest(ACCOUNT_MESSAGES.linkInvalid);
    }
    return { email: taken.email };
  }

  private async takeEither(token: string) {
    try {
      return { ...(await this.deps.links.take(token, 'verify-email')), purpose: 'verify-email' };
    } catch (err) {
      // Not a sign-up link: perhaps a change link (the same page serves both).
      if (!(err instanceof AppError) || err.message !== ACCOUNT_MESSAGES.linkInvalid) throw err;
      // A change link still out was asked for under the current address, password and
      // sessions: any change to those ends it (LINKS_ENDED_BY), so using it is safe.
      const taken = await this.uniqueAddress(() => this.deps.links.takeAddressChange(token));
      return { ...taken, purpose: 'change-email' };
    }
  }

  /** Without mail: the change is made at once, and ends every link sent for the old address. */
  private async applyChange(userId: string, email: string): Promise<void> {
    await this.uniqueAddress(() => this.deps.users.changeEmail(userId, email, 0));
    await this.deps.links.end(userId, 'address');
  }

  private async uniqueAddress<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This email is already registered.');
      throw err;
    }
  }

  private async sendLink(
    user: UserRow,
    purpose: 'verify-email' | 'change-email',
    email: string,
  ): Promise<void> {
    const url = await this.deps.links.create(
      user.id,
      purpose,
      email,
      ROUTES.verifyEmail,
      VERIFY_TTL_MS,
    );
    await this.deps.mailer.send(
      email,
      verifyEmailMessage(this.context(user), url, VERIFY_LINK_HOURS),
    );
  }

  private context(user: UserRow) {
    return { instanceName: this.deps.config.instanceName, name: user.full_name || user.username };
  }
}
