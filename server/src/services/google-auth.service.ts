import { timingSafeEqual } from 'node:crypto';
import {
  emailSchema,
  fullNameSchema,
  LIMITS,
  type GooglePrompt,
  type GoogleSigninError,
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
import { hashToken } from '../lib/tokens.js';
import { fallbackAvatar } from '../media/fallback-avatar.js';
import { reencodeImage } from '../media/image.js';
import type { IdentityRepository } from '../repositories/identity.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { AuthService, NewSession } from './auth.service.js';
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
      config: Pick<AppConfig, 'rateLimits'>;
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
      return_to: sanitizeReturnTo(input.returnTo),
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
  }): Promise<FinishedSignIn> {
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
    const { user, created } = await this.userFor(identity);
    const session = await this.deps.auth.startSession(user);
    return { session, returnTo: flow.return_to, created };
  }

  /** The linked account, else the account with the same verified email (linked now), else a new one. */
  private async userFor(identity: OidcIdentity): Promise<{ user: UserRow; created: boolean }> {
    const email = emailSchema.safeParse(identity.email ?? '');
    if (!identity.emailVerified || !email.success) {
      throw new GoogleSignInError('unverified', 'no verified email in the ID token');
    }
    const linked = await this.deps.identities.findUser(PROVIDER, identity.subject);
    if (linked) return { user: linked, created: false };

    const existing = await this.deps.users.findByLogin(email.data);
    if (existing) return { user: await this.link(existing, identity.subject), created: false };
    const made = await this.createUser(identity, email.data);
    return { user: await this.link(made.user, identity.subject), created: made.created };
  }

  private async link(user: UserRow, subject: string): Promise<UserRow> {
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

  private async createUser(
    identity: OidcIdentity,
    email: string,
  ): Promise<{ user: UserRow; created: boolean }> {
    const base = usernameBaseFromEmail(email);
    const avatarKey = `images/${newId()}.webp`;
    await this.deps.blobs.putBuffer(avatarKey, await this.avatarFor(identity.picture, base));
    let kept = false;
    try {
      for (const username of usernameCandidates(base)) {
        const taken = await this.deps.users.findTaken(username, email);
        if (taken.email) {
          // Someone (a sign-up, or this person in another tab) took the email meanwhile.
          const existing = await this.deps.users.findByLogin(email);
          if (existing) return { user: existing, created: false };
        }
        if (taken.username) continue;
        const row: UserRow = {
          id: newId(this.now()),
          username,
          email,
          full_name: fullNameFor(identity.name, username),
          // No password: this account signs in through the provider only.
          password_hash: null,
          avatar_key: avatarKey,
          cover_key: null,
          created_at: this.now(),
          all_videos_count: 0,
          public_videos_count: 0,
        };
        try {
          await this.deps.users.insert(row);
          kept = true;
          return { user: row, created: true };
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
