import { timingSafeEqual } from 'node:crypto';
import {
  emailSchema,
  fullNameSchema,
  LIMITS,
  type GooglePrompt,
  type GoogleSigninError,
  type RegistrationMode,
} from '@contract';
import type { AppConfig } from '../config.js';
import { isUniqueViolation } from '../db/database.js';
import { fetchProfilePicture } from '../identity/profile-picture.js';
import {
  newAuthorizationChecks,
  OidcError,
  type OidcIdentity,
  type OidcProvider,
} from '../identity/oidc-provider.js';
import { usernameBaseFromEmail, usernameCandidates } from '../identity/username.js';
import { AppError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { sanitizeReturnTo } from '../lib/return-to.js';
import { hashToken, newSessionToken } from '../lib/tokens.js';
import { fallbackAvatar } from '../media/fallback-avatar.js';
import { reencodeImage } from '../media/image.js';
import type { IdentityRepository } from '../repositories/identity.repository.js';
import {
  newAccountState,
  type UserRepository,
  type UserRow,
} from '../repositories/user.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { AuthService, NewSession, SessionClient } from './auth.service.js';
import type { RateLimiter } from './rate-limiter.js';

const PROVIDER = 'google';

/** How long the person has to finish at the provider before the state is refused. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

/** A sign-in that ends on /signin?error=<code>; the message and cause are for the log. */
export class GoogleSignInError extends Error {
  constructor(
    readonly code: GoogleSigninError,
    message: string = code,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GoogleSignInError';
  }
}

export interface StartedSignIn {
  /** The provider's authorisation page to send the browser to. */
  url: string;
  /** Also goes into a short-lived cookie, which binds the callback to this browser. */
  state: string;
  expiresAt: number;
}

export interface FinishedSignIn {
  session: NewSession;
  returnTo: string;
  created: boolean;
}

/**
 * The verified email belongs to an account this Google account is not linked to: nothing is
 * signed in; the browser gets `token` (in a cookie) to prove that account's password or to
 * choose a separate account (GoogleLinkService).
 */
export interface PendingLink {
  link: { token: string; expiresAt: number };
}

/** The identity of a Google account, as a new account would be made from it. */
export interface GoogleProfile {
  subject: string;
  email: string;
  name: string | undefined;
  picture: string | undefined;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Sign in with Google (or any OpenID Connect provider configured in its place): the
 * authorisation-code flow with state, nonce and PKCE, then finding, linking or creating the
 * account the verified identity belongs to.
 */
export class GoogleAuthService {
  constructor(
    private readonly deps: {
      /** Undefined when the server has no client id and secret: the feature is off. */
      provider: OidcProvider | undefined;
      identities: IdentityRepository;
      users: UserRepository;
      auth: AuthService;
      blobs: BlobStore;
      limiter: RateLimiter;
      config: Pick<AppConfig, 'rateLimits' | 'publicUrl'>;
      /** The instance's registration mode now (InstanceSettings). */
      registration: () => Promise<RegistrationMode>;
      /** Downloads a profile picture; the size- and time-limited fetcher unless a test says. */
      fetchPicture?: (url: string) => Promise<Buffer>;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  get isConfigured(): boolean {
    return this.deps.provider !== undefined;
  }

  private provider(): OidcProvider {
    if (!this.deps.provider) throw new GoogleSignInError('unavailable', 'not configured');
    return this.deps.provider;
  }

  async start(input: {
    returnTo: unknown;
    prompt: GooglePrompt;
    clientIp: string;
  }): Promise<StartedSignIn> {
    const provider = this.provider();
    try {
      // Each start writes a row: counted like password sign-ins so it cannot flood the table.
      await this.deps.limiter.consume(
        'google-start',
        input.clientIp,
        this.deps.config.rateLimits.login,
      );
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 429) {
        throw new GoogleSignInError('too_many', 'rate limited', { cause: err });
      }
      throw err;
    }
    const checks = await newAuthorizationChecks();
    let url: URL;
    try {
      url = await provider.authorizationUrl({ ...checks, prompt: input.prompt });
    } catch (err) {
      throw toSignInError(err);
    }
    const expiresAt = this.now() + FLOW_TTL_MS;
    await this.deps.identities.insertFlow({
      state_hash: hashToken(checks.state),
      provider: PROVIDER,
      code_verifier: checks.codeVerifier,
      nonce: checks.nonce,
      return_to: sanitizeReturnTo(input.returnTo, this.deps.config.publicUrl),
      expires_at: expiresAt,
    });
    return { url: url.href, state: checks.state, expiresAt };
  }

  /**
   * Handles the provider's redirect. The state must match the cookie set at the start (so a
   * callback started in another browser cannot sign this one in) and a stored, unexpired,
   * unused flow; the flow is consumed whatever happens next.
   */
  async finish(input: {
    query: URLSearchParams;
    cookieState: string | undefined;
    client: SessionClient;
  }): Promise<FinishedSignIn | PendingLink> {
    const provider = this.provider();
    const state = input.query.get('state');
    if (
      !state ||
      !input.cookieState ||
      state.length > 512 ||
      !sameSecret(state, input.cookieState)
    ) {
      throw new GoogleSignInError('state', 'state missing or not the one this browser started');
    }
    const flow = await this.deps.identities.takeFlow(hashToken(state));
    if (!flow || flow.provider !== PROVIDER || flow.expires_at <= this.now()) {
      throw new GoogleSignInError('state', 'state unknown, used or expired');
    }
    if (!input.query.has('error') && !input.query.get('code')) {
      throw new GoogleSignInError('code', 'callback without a code');
    }

    let identity: OidcIdentity;
    try {
      identity = await provider.exchange(input.query, {
        state,
        nonce: flow.nonce,
        codeVerifier: flow.code_verifier,
      });
    } catch (err) {
      throw toSignInError(err);
    }
    const email = emailSchema.safeParse(identity.email ?? '');
    if (!identity.emailVerified || !email.success) {
      throw new GoogleSignInError('unverified', 'no verified email in the ID token');
    }
    const profile: GoogleProfile = {
      subject: identity.subject,
      email: email.data,
      name: identity.name,
      picture: identity.picture,
    };
    // Checked again on the way out: a flow stored by an older build may hold a path that
    // today's rule refuses.
    const returnTo = sanitizeReturnTo(flow.return_to, this.deps.config.publicUrl);
    const linked = await this.deps.identities.findUser(PROVIDER, identity.subject);
    if (linked) return this.signedIn(linked, returnTo, false, input.client);

    // Addresses are never verified at sign-up: an account with this email may have been made
    // by someone else before its owner arrived, so it is never joined to this Google account
    // without proof (see GoogleLinkService).
    const existing = await this.deps.users.findByLogin(email.data);
    if (existing) return this.pendingLink(existing, profile, returnTo);
    // The provider verified this address (unverified ones never get this far).
    const made = await this.createAccount(profile, email.data, true);
    if (made === 'email-taken') {
      const owner = await this.deps.users.findByLogin(email.data);
      if (!owner) throw new GoogleSignInError('failed', 'email taken and gone again');
      return this.pendingLink(owner, profile, returnTo);
    }
    const user = await this.linkIdentity(made, identity.subject);
    return this.signedIn(user, returnTo, user.id === made.id, input.client);
  }

  private async signedIn(
    user: UserRow,
    returnTo: string,
    created: boolean,
    client: SessionClient,
  ): Promise<FinishedSignIn> {
    // A suspended account, or one waiting for approval, lands on the sign-in card saying so.
    if (user.suspended_at !== null) throw new GoogleSignInError('suspended', 'account suspended');
    if (Number(user.awaiting_approval) === 1) {
      throw new GoogleSignInError('pending', 'account waiting for approval');
    }
    const session = await this.deps.auth.startSession(user, client);
    return { session, returnTo, created };
  }

  private async pendingLink(
    user: UserRow,
    profile: GoogleProfile,
    returnTo: string,
  ): Promise<PendingLink> {
    const token = newSessionToken();
    const expiresAt = this.now() + FLOW_TTL_MS;
    await this.deps.identities.insertLinkRequest({
      token_hash: hashToken(token),
      provider: PROVIDER,
      subject: profile.subject,
      email: profile.email,
      full_name: (profile.name ?? '').slice(0, 255),
      user_id: user.id,
      return_to: returnTo,
      expires_at: expiresAt,
    });
    return { link: { token, expiresAt } };
  }

  /**
   * Links the provider account to the user; if a concurrent sign-in of the same person linked
   * it first, answers the user it is linked to.
   */
  async linkIdentity(user: UserRow, subject: string): Promise<UserRow> {
    try {
      await this.deps.identities.insert({
        provider: PROVIDER,
        subject,
        user_id: user.id,
        created_at: this.now(),
      });
      return user;
    } catch (err) {
      // A concurrent first sign-in of the same person linked it first: use that link.
      if (!isUniqueViolation(err)) throw err;
      const owner = await this.deps.identities.findUser(PROVIDER, subject);
      if (!owner) throw err;
      return owner;
    }
  }

  /**
   * A new account without a password for this Google account, under `email` (its own, or the
   * one chosen for a separate account); 'email-taken' when an account has that email already.
   * `verified`: Google vouched for the address (its own); one typed by the person is not.
   */
  async createAccount(
    profile: GoogleProfile,
    email: string,
    verified: boolean,
  ): Promise<UserRow | 'email-taken'> {
    // Google sign-up follows the instance's registration mode, like the sign-up form.
    const mode = await this.deps.registration();
    if (mode === 'closed') throw new GoogleSignInError('registration_closed', 'sign-ups closed');
    const base = usernameBaseFromEmail(email);
    if ((await this.deps.users.findTaken('', email)).email) return 'email-taken';
    const avatarKey = `images/${newId()}.webp`;
    await this.deps.blobs.putBuffer(avatarKey, await this.avatarFor(profile.picture, base));
    let kept = false;
    try {
      for (const username of usernameCandidates(base)) {
        const taken = await this.deps.users.findTaken(username, email);
        // Someone (a sign-up, or this person in another tab) took the email meanwhile.
        if (taken.email) return 'email-taken';
        if (taken.username) continue;
        const row: UserRow = {
          id: newId(this.now()),
          username,
          email,
          full_name: fullNameFor(profile.name, username),
          avatar_key: avatarKey,
          cover_key: null,
          created_at: this.now(),
          all_videos_count: 0,
          public_videos_count: 0,
          email_verified: verified ? 1 : 0,
          bio: '',
          ...newAccountState(mode === 'approval'),
        };
        try {
          // No password: this account signs in through the provider only.
          await this.deps.users.insert({ ...row, password_hash: null });
          kept = true;
          return row;
        } catch (err) {
          // Lost a race for the name or the email: the next round looks again.
          if (!isUniqueViolation(err)) throw err;
        }
      }
      throw new GoogleSignInError('failed', 'no free username found');
    } finally {
      if (!kept) await this.deps.blobs.delete(avatarKey);
    }
  }

  /** The profile picture re-encoded like an upload, or a generated one if that fails at all. */
  private async avatarFor(picture: string | undefined, seed: string): Promise<Buffer> {
    if (picture) {
      try {
        const bytes = await (this.deps.fetchPicture ?? fetchProfilePicture)(picture);
        return await reencodeImage(bytes, bytes.subarray(0, 32), 'avatar', 'avatar', 'Avatar');
      } catch {
        // Unreachable, too big, too slow, not an image: the account still gets an avatar.
      }
    }
    return fallbackAvatar(seed);
  }

  /** Spent and abandoned authorisation requests: housekeeping, run periodically. */
  async prune(): Promise<void> {
    await this.deps.identities.deleteExpiredFlows(this.now());
    await this.deps.identities.deleteExpiredLinkRequests(this.now());
  }
}

function fullNameFor(name: string | undefined, username: string): string {
  const parsed = fullNameSchema.safeParse((name ?? '').slice(0, LIMITS.fullNameMax));
  return parsed.success ? parsed.data : username;
}

function toSignInError(err: unknown): GoogleSignInError {
  if (err instanceof GoogleSignInError) return err;
  if (err instanceof OidcError) return new GoogleSignInError(err.kind, err.message, { cause: err });
  return new GoogleSignInError('failed', 'unexpected failure', { cause: err });
}
