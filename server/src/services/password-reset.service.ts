import { ACCOUNT_MESSAGES, PASSWORD_MESSAGES, passwordProblem, ROUTES } from '@contract';
import type { AppConfig } from '../config.js';
import { badRequest } from '../lib/errors.js';
import { hashPassword } from '../lib/password.js';
import { passwordResetMessage } from '../mail/mail-messages.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { AccountLinks } from './account-links.js';
import { mailUnavailable } from './email-verification.service.js';
import type { LoginLockout } from './login-lockout.js';
import type { Mailer } from './mailer.js';
import type { RateLimiter } from './rate-limiter.js';

export const RESET_LINK_MINUTES = 60;
/** Per address: a mailbox is not flooded by someone who knows it. */
const PER_ADDRESS = { max: 3, windowSeconds: 3600 };
/** Per client: addresses cannot be tried in bulk. */
const PER_CLIENT = { max: 10, windowSeconds: 3600 };

/**
 * "Forgot password": a link to the address, if an account has it. The request is answered the
 * same (202, one body) whether or not one does, and before anything about the address is
 * looked up: the lookup and the mail run after the answer, so its timing says nothing either.
 */
export class PasswordResetService {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      users: UserRepository;
      sessions: SessionRepository;
      links: AccountLinks;
      mailer: Mailer;
      limiter: RateLimiter;
      lockout: LoginLockout;
      config: Pick<AppConfig, 'instanceName'>;
      log: (err: unknown) => void;
    },
  ) {}

  /** Counts the request (429 alike for every address) and starts the rest in the background. */
  async request(email: string, clientAddress: string): Promise<void> {
    if (!this.deps.mailer.enabled) throw mailUnavailable();
    await this.deps.limiter.consume('reset-client', clientAddress, PER_CLIENT);
    await this.deps.limiter.consume('reset-address', email, PER_ADDRESS);
    const work = this.sendLink(email)
      .catch(this.deps.log)
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /** Resolves once every reset request taken so far has been looked up and queued (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private async sendLink(email: string): Promise<void> {
    const user = await this.deps.users.findByLogin(email);
    if (!user) return;
    const url = await this.deps.links.create(
      user.id,
      'password-reset',
      user.email,
      ROUTES.resetPassword,
      RESET_LINK_MINUTES * 60_000,
    );
    const ctx = {
      instanceName: this.deps.config.instanceName,
      name: user.full_name || user.username,
    };
    await this.deps.mailer.send(user.email, passwordResetMessage(ctx, url, RESET_LINK_MINUTES));
  }

  /**
   * Sets the new password with the link's token and ends every session of the account (whoever
   * knew the old password is signed out too) and every link a new password ends, an address
   * change they asked for included. Following the link also proves the address.
   */
  async confirm(token: string, password: string): Promise<void> {
    const link = await this.deps.links.peek(token, 'password-reset');
    const user = await this.deps.users.findById(link.user_id);
    if (!user || user.email !== link.email) throw badRequest(ACCOUNT_MESSAGES.linkInvalid);
    if (passwordProblem(password, user) === PASSWORD_MESSAGES.personal) {
      throw badRequest(PASSWORD_MESSAGES.personal, [
        { field: 'password', message: PASSWORD_MESSAGES.personal },
      ]);
    }
    const taken = await this.deps.links.take(token, 'password-reset');
    await this.deps.users.setPasswordHash(user.id, await hashPassword(password));
    await this.deps.sessions.deleteAllOf(user.id);
    await this.deps.links.end(user.id, 'password');
    await this.deps.users.markEmailVerified(user.id, taken.email);
    await this.deps.lockout.succeeded(`user:${user.id}`);
  }
}
