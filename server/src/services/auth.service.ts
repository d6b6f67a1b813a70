import {
  GOVERNANCE_MESSAGES,
  type FieldError,
  type LoginBody,
  type RegisterFields,
} from '@contract';
import type { AppConfig } from '../config.js';
import { isUniqueViolation } from '../db/database.js';
import { conflict, forbidden, unauthorized } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { burnVerify, hashPassword, verifyPassword } from '../lib/password.js';
import { hashToken, newSessionToken } from '../lib/tokens.js';
import { reencodeImage } from '../media/image.js';
import type { UploadedFile } from '../http/multipart.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import {
  newAccountState,
  type UserRepository,
  type UserRow,
} from '../repositories/user.repository.js';
import { removeWritten } from '../storage/remove-written.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { LoginLockout } from './login-lockout.js';
import type { RateLimiter } from './rate-limiter.js';

/** The route has checked the form against `registerBody`. */
export interface RegisterInput {
  fields: RegisterFields;
  avatar: UploadedFile;
  coverImage: UploadedFile | undefined;
}

/** Where a sign-in comes from, shown to the account's owner in their list of sessions. */
export interface SessionClient {
  userAgent: string;
  address: string;
}

export interface NewSession {
  user: UserRow;
  token: string;
  expiresAt: number;
}

export const INVALID_CREDENTIALS = 'Invalid username/email or password.';
/** A password asked again of a known account (Settings, linking Google): it names no username. */
export const WRONG_PASSWORD = 'The password is incorrect.';

/** Why this account may not sign in now, or undefined when it may. */
export function signInRefusal(
  user: Pick<UserRow, 'suspended_at' | 'suspension_reason' | 'awaiting_approval'>,
): string | undefined {
  if (user.suspended_at !== null) {
    return user.suspension_reason
      ? `${GOVERNANCE_MESSAGES.accountSuspended} Reason: ${user.suspension_reason}`
      : GOVERNANCE_MESSAGES.accountSuspended;
  }
  if (Number(user.awaiting_approval) === 1) return GOVERNANCE_MESSAGES.accountPending;
  return undefined;
}

/** How stale a session's `last_seen_at` may get before a request writes it again. */
export const SEEN_RESOLUTION_MS = 60_000;

export class AuthService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      sessions: SessionRepository;
      blobs: BlobStore;
      limiter: RateLimiter;
      lockout: LoginLockout;
      config: Pick<AppConfig, 'rateLimits' | 'sessionTtlDays' | 'sessionIdleMinutes'>;
      /** Two-factor sign-in, asked once the password is right (TotpService). */
      secondFactor?: { checkSignIn(userId: string, code: string | undefined): Promise<void> };
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /**
   * Counted when a sign-up or sign-in request arrives, before its body is read, so refused
   * clients cost no parsing, temp files or password hashing.
   */
  async countRegistration(clientIp: string): Promise<void> {
    await this.deps.limiter.consume('register', clientIp, this.deps.config.rateLimits.register);
  }

  async countLogin(clientIp: string): Promise<void> {
    await this.deps.limiter.consume('login', clientIp, this.deps.config.rateLimits.login);
  }

  /**
   * The caller has counted the attempt (`countRegistration`) and checked that sign-ups are not
   * closed; `awaitingApproval` holds the new account for a moderator (registration `approval`).
   */
  async register(input: RegisterInput, awaitingApproval = false): Promise<UserRow> {
    const { fields } = input;

    // Cheap check first, so a taken name is refused before any image work.
    await this.assertAvailable(fields.username, fields.email);

    const id = newId(this.now());
    const avatarKey = `images/${newId()}.webp`;
    const coverKey = input.coverImage ? `images/${newId()}.webp` : null;
    const written: string[] = [];
    try {
      const avatar = await reencodeImage(
        input.avatar.path,
        input.avatar.head,
        'avatar',
        'avatar',
        'Avatar',
      );
      const cover = input.coverImage
        ? await reencodeImage(
            input.coverImage.path,
            input.coverImage.head,
            'cover',
            'coverImage',
            'Cover image',
          )
        : undefined;
      const passwordHash = await hashPassword(fields.password);

      await this.deps.blobs.putBuffer(avatarKey, avatar);
      written.push(avatarKey);
      if (cover && coverKey) {
        await this.deps.blobs.putBuffer(coverKey, cover);
        written.push(coverKey);
      }
      const row: UserRow = {
        id,
        username: fields.username,
        email: fields.email,
        full_name: fields.fullName,
        avatar_key: avatarKey,
        cover_key: coverKey,
        created_at: this.now(),
        all_videos_count: 0,
        public_videos_count: 0,
        email_verified: 0,
        bio: '',
        ...newAccountState(awaitingApproval),
      };
      try {
        await this.deps.users.insert({ ...row, password_hash: passwordHash });
      } catch (err) {
        // Two sign-ups raced for the same name: the constraint decides, we explain.
        if (isUniqueViolation(err)) await this.assertAvailable(fields.username, fields.email);
        throw err;
      }
      return row;
    } catch (err) {
      await removeWritten(this.deps.blobs, written, err);
      throw err;
    }
  }

  private async assertAvailable(username: string, email: string): Promise<void> {
    const taken = await this.deps.users.findTaken(username, email);
    const errors: FieldError[] = [];
    if (taken.email) errors.push({ field: 'email', message: 'This email is already registered.' });
    if (taken.username)
      errors.push({ field: 'username', message: 'This username is already taken.' });
    if (errors.length > 0) {
      const both = taken.email && taken.username;
      throw conflict(
        both ? 'This email and username are already taken.' : errors[0]!.message,
        errors,
      );
    }
  }

  /** The caller has counted the attempt (`countLogin`). */
  async login(body: LoginBody, client: SessionClient): Promise<NewSession> {
    const { username, password } = body;
    const login = username.toLowerCase();
    const found = await this.deps.users.findCredentials(login);
    // Counted per account as well as per address, so rotating addresses does not help a guesser;
    // a name that is no account is counted (and locked) alike, so a 429 reveals nothing.
    const account = found ? `user:${found.user.id}` : `login:${login}`;
    await this.deps.lockout.begin(account);
    if (!found?.passwordHash) {
      await burnVerify(password);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await this.checkPassword(found.passwordHash, password);
    // A missing or wrong code leaves the attempt counted, like a wrong password.
    await this.deps.secondFactor?.checkSignIn(found.user.id, body.code || undefined);
    await this.deps.lockout.succeeded(`user:${found.user.id}`);
    return this.startSession(found.user, client);
  }

  /**
   * The account's password, for proving ownership while signed out (linking a Google account):
   * counted against the same per-account lockout as sign-in. `andThen` is a second proof
   * asked with it (a two-factor code): the attempt counts as failed unless both pass, so the
   * second cannot be guessed without limit by someone who knows the first.
   */
  async confirmPassword(
    user: UserRow,
    password: string,
    andThen?: () => Promise<void>,
  ): Promise<void> {
    await this.deps.lockout.begin(`user:${user.id}`);
    const passwordHash = await this.deps.users.passwordHashOf(user.id);
    if (!passwordHash) {
      await burnVerify(password);
      throw unauthorized(WRONG_PASSWORD);
    }
    await this.checkPassword(passwordHash, password, WRONG_PASSWORD);
    await andThen?.();
    await this.deps.lockout.succeeded(`user:${user.id}`);
  }

  private async checkPassword(
    passwordHash: string,
    password: string,
    refusal = INVALID_CREDENTIALS,
  ): Promise<void> {
    if (!(await verifyPassword(passwordHash, password))) throw unauthorized(refusal);
  }

  /**
   * Every way of signing in ends here, so a suspended account, or one still waiting for
   * approval, is refused (403, saying which) however it tried; only after its credentials
   * were proven, so the refusal reveals nothing to someone who does not know them.
   */
  async startSession(user: UserRow, client: SessionClient): Promise<NewSession> {
    const refusal = signInRefusal(user);
    if (refusal) throw forbidden(refusal);
    const token = newSessionToken();
    const now = this.now();
    const expiresAt = now + this.deps.config.sessionTtlDays * 86_400_000;
    await this.deps.sessions.insert({
      token_hash: hashToken(token),
      id: newId(now),
      user_id: user.id,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
      user_agent: client.userAgent.slice(0, 512),
      address: client.address.slice(0, 64),
    });
    return { user, token, expiresAt };
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.deps.sessions.delete(hashToken(token));
  }

  /** Sessions unused since this time have ended (0: no idle timeout). */
  private seenSince(now: number): number {
    const idle = this.deps.config.sessionIdleMinutes;
    return idle === 0 ? 0 : now - idle * 60_000;
  }

  /**
   * The session's user while the session is neither expired nor idle for too long. Use moves
   * the idle deadline on, written at most once a minute per session, not on every request.
   */
  async resolveSession(token: string): Promise<UserRow | undefined> {
    const now = this.now();
    const tokenHash = hashToken(token);
    const found = await this.deps.sessions.findUser(tokenHash, now, this.seenSince(now));
    // A suspension deletes the account's sessions; one read just before still signs nobody in.
    if (!found || signInRefusal(found.user)) return undefined;
    if (this.deps.config.sessionIdleMinutes > 0 && now - found.lastSeenAt >= SEEN_RESOLUTION_MS) {
      await this.deps.sessions.touch(tokenHash, now, now - SEEN_RESOLUTION_MS + 1);
    }
    return found.user;
  }

  /**
   * Expired and idle sessions, spent rate-limit windows and forgotten sign-in failures:
   * housekeeping, run periodically.
   */
  async prune(): Promise<void> {
    const now = this.now();
    await this.deps.sessions.deleteExpired(now, this.seenSince(now));
    await this.deps.limiter.prune(86_400_000);
    await this.deps.lockout.prune();
  }
}
