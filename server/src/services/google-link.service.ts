import { GOOGLE_LINK_MESSAGES, GOVERNANCE_MESSAGES, type GoogleLinkPending } from '@contract';
import type { AppConfig } from '../config.js';
import { sanitizeReturnTo } from '../lib/return-to.js';
import { AppError, conflict, forbidden, notFound } from '../lib/errors.js';
import { hashToken } from '../lib/tokens.js';
import type { IdentityRepository, LinkRequestRow } from '../repositories/identity.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import type { AuthService, NewSession, SessionClient } from './auth.service.js';
import type { EmailVerificationService } from './email-verification.service.js';
import { GoogleSignInError, type GoogleAuthService } from './google-auth.service.js';
import type { RateLimiter } from './rate-limiter.js';

export interface LinkedSignIn {
  session: NewSession;
  returnTo: string;
}

/**
 * The end of a Google sign-in whose verified email belongs to an account the Google account is
 * not linked to. Sign-up never verifies addresses, so that account may be someone else's who
 * registered the address first: the person proves they own it with its password once (the two
 * are then linked, and later Google sign-ins land there directly), or takes a separate new
 * account under another email. Until then nothing is signed in.
 */
export class GoogleLinkService {
  constructor(
    private readonly deps: {
      google: GoogleAuthService;
      identities: IdentityRepository;
      users: UserRepository;
      auth: AuthService;
      verification: EmailVerificationService;
      limiter: RateLimiter;
      config: Pick<AppConfig, 'rateLimits' | 'publicUrl'>;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  private async request(
    token: string | undefined,
  ): Promise<{ row: LinkRequestRow; user: UserRow }> {
    const row = token
      ? await this.deps.identities.findLinkRequest(hashToken(token), this.now())
      : undefined;
    const user = row ? await this.deps.users.findById(row.user_id) : undefined;
    if (!row || !user) throw notFound(GOOGLE_LINK_MESSAGES.expired);
    return { row, user };
  }

  /** What the linking page shows: the email and the account that already uses it. */
  async pending(token: string | undefined): Promise<GoogleLinkPending> {
    const { row, user } = await this.request(token);
    return {
      email: row.email,
      username: user.username,
      canLinkWithPassword: (await this.deps.users.passwordHashOf(user.id)) !== null,
    };
  }

  /** The account's password, counted like a sign-in (per address and per account). */
  async linkWithPassword(
    token: string | undefined,
    password: string,
    client: SessionClient,
  ): Promise<LinkedSignIn> {
    await this.deps.limiter.consume('login', client.address, this.deps.config.rateLimits.login);
    const { row, user } = await this.request(token);
    if ((await this.deps.users.passwordHashOf(user.id)) === null) {
      throw new AppError(409, GOOGLE_LINK_MESSAGES.noPassword, [
        { field: 'password', message: GOOGLE_LINK_MESSAGES.noPassword },
      ]);
    }
    await this.deps.auth.confirmPassword(user, password);
    // Used once; a concurrent success with the same request already linked the same pair.
    await this.deps.identities.takeLinkRequest(row.token_hash, this.now());
    const owner = await this.deps.google.linkIdentity(user, row.subject);
    // Google vouched for the address this link was made for: it is the account's address.
    const confirmed = await this.deps.users.markEmailVerified(owner.id, row.email);
    const signedIn = confirmed ? { ...owner, email_verified: 1 } : owner;
    return {
      session: await this.deps.auth.startSession(signedIn, client),
      returnTo: sanitizeReturnTo(row.return_to, this.deps.config.publicUrl),
    };
  }

  /** A new account for the Google account, under an email no account uses. */
  async createSeparate(
    token: string | undefined,
    email: string,
    client: SessionClient,
  ): Promise<LinkedSignIn> {
    const { row } = await this.request(token);
    const taken = () =>
      conflict('This email is already registered.', [
        { field: 'email', message: 'This email is already registered.' },
      ]);
    if ((await this.deps.users.findTaken('', email)).email) throw taken();
    const claimed = await this.deps.identities.takeLinkRequest(row.token_hash, this.now());
    if (!claimed) throw notFound(GOOGLE_LINK_MESSAGES.expired);
    const made = await this.deps.google
      .createAccount(
        {
          subject: row.subject,
          email,
          name: row.full_name,
          // The pending link keeps no picture address: the separate account gets a generated avatar.
          picture: undefined,
        },
        email,
        // Google vouched for its own address, not for this one the person typed.
        false,
      )
      .catch(async (err: unknown) => {
        if (err instanceof GoogleSignInError && err.code === 'registration_closed') {
          // The request stays usable: sign-ups may open again while it lasts.
          await this.deps.identities.insertLinkRequest(claimed);
          throw forbidden(GOVERNANCE_MESSAGES.registrationClosed);
        }
        throw err;
      });
    if (made === 'email-taken') {
      // Lost a race for the address: the request stays usable for another try.
      await this.deps.identities.insertLinkRequest(claimed);
      throw taken();
    }
    const owner = await this.deps.google.linkIdentity(made, row.subject);
    // Confirmed like a sign-up's address, by the link sent to it.
    if (owner.id === made.id) await this.deps.verification.sendForNewAccount(made);
    return {
      session: await this.deps.auth.startSession(owner, client),
      returnTo: sanitizeReturnTo(row.return_to, this.deps.config.publicUrl),
    };
  }
}
