import {
  ACCOUNT_MESSAGES,
  LIMITS,
  PASSWORD_MESSAGES,
  passwordProblem,
  type ProfileFields,
} from '@contract';
import type { AppConfig } from '../config.js';
import { isUniqueViolation } from '../db/database.js';
import type { UploadedFile } from '../http/multipart.js';
import { AppError, badRequest, conflict, unauthorized } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/password.js';
import { hashToken } from '../lib/tokens.js';
import { passwordChangedMessage } from '../mail/mail-messages.js';
import { reencodeImage } from '../media/image.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';
import type { UsernameRedirectRepository } from '../repositories/username-redirect.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { AccountLinks } from './account-links.js';
import type { AuthService } from './auth.service.js';
import type { EmailVerificationService } from './email-verification.service.js';
import type { Mailer } from './mailer.js';

/** An account without a password proves itself for deletion by a sign-in this recent. */
const FRESH_SIGN_IN_MS = LIMITS.freshSignInMinutes * 60_000;

/** How long an old username keeps leading to its channel (and stays reserved for it). */
export const USERNAME_REDIRECT_DAYS = 30;

export interface ProfileChange {
  fields: ProfileFields;
  avatar?: UploadedFile;
  coverImage?: UploadedFile;
}

/** Changes people make to their own account: profile, password, address, username. */
export class AccountService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      sessions: SessionRepository;
      redirects: UsernameRedirectRepository;
      auth: AuthService;
      verification: EmailVerificationService;
      links: AccountLinks;
      mailer: Mailer;
      blobs: BlobStore;
      config: Pick<AppConfig, 'instanceName'>;
      now: () => number;
    },
  ) {}

  /**
   * Full name, bio and pictures. New pictures are re-encoded like sign-up's and stored under
   * new keys; the row then points at them, and the old files are removed after that, so a
   * failure leaves the profile as it was and no file behind.
   */
  async updateProfile(user: UserRow, change: ProfileChange): Promise<UserRow> {
    const patch: Parameters<UserRepository['updateProfile']>[1] = {};
    if (change.fields.fullName !== undefined) patch.full_name = change.fields.fullName;
    if (change.fields.bio !== undefined) patch.bio = change.fields.bio;
    const written: string[] = [];
    try {
      if (change.avatar) {
        const image = await reencodeImage(
          change.avatar.path,
          change.avatar.head,
          'avatar',
          'avatar',
          'Avatar',
        );
        patch.avatar_key = `images/${newId()}.webp`;
        await this.deps.blobs.putBuffer(patch.avatar_key, image);
        written.push(patch.avatar_key);
      }
      if (change.coverImage) {
        const image = await reencodeImage(
          change.coverImage.path,
          change.coverImage.head,
          'cover',
          'coverImage',
          'Cover image',
        );
        patch.cover_key = `images/${newId()}.webp`;
        await this.deps.blobs.putBuffer(patch.cover_key, image);
        written.push(patch.cover_key);
      }
      if (Object.keys(patch).length > 0 && !(await this.deps.users.updateProfile(user.id, patch))) {
        // The account was deleted meanwhile: the new pictures go too.
        throw unauthorized();
      }
    } catch (err) {
      await Promise.all(written.map((key) => this.deps.blobs.delete(key)));
      throw err;
    }
    const replaced = [
      patch.avatar_key ? user.avatar_key : null,
      patch.cover_key ? user.cover_key : null,
    ].filter((key): key is string => key !== null);
    await Promise.all(replaced.map((key) => this.deps.blobs.delete(key)));
    return { ...user, ...patch };
  }

  /**
   * The current password proves it is the owner (counted like a sign-in, so it cannot be
   * guessed here either); every other session ends, this one stays, and so do reset and
   * address-change links still out (a new password takes the account back from whoever knew
   * the old one).
   */
  async changePassword(
    user: UserRow,
    currentToken: string,
    body: { currentPassword: string; newPassword: string },
  ): Promise<void> {
    if ((await this.deps.users.passwordHashOf(user.id)) === null) {
      throw badRequest(ACCOUNT_MESSAGES.googleOnlyNoPassword);
    }
    await this.deps.auth.confirmPassword(user, body.currentPassword);
    if (passwordProblem(body.newPassword, user) === PASSWORD_MESSAGES.personal) {
      throw badRequest(PASSWORD_MESSAGES.personal, [
        { field: 'newPassword', message: PASSWORD_MESSAGES.personal },
      ]);
    }
    await this.deps.users.setPasswordHash(user.id, await hashPassword(body.newPassword));
    await this.deps.sessions.deleteOthersOf(user.id, hashToken(currentToken));
    await this.deps.links.end(user.id, 'password');
    await this.deps.mailer.send(
      user.email,
      passwordChangedMessage({
        instanceName: this.deps.config.instanceName,
        name: user.full_name || user.username,
      }),
    );
  }

  /** A new address, confirmed by a link sent to it; an account with a password re-enters it. */
  async changeEmail(
    user: UserRow,
    body: { email: string; password?: string },
  ): Promise<{ pending: boolean }> {
    if ((await this.deps.users.passwordHashOf(user.id)) !== null) {
      if (!body.password) {
        throw badRequest('Your password is required.', [
          { field: 'password', message: 'Your password is required.' },
        ]);
      }
      await this.deps.auth.confirmPassword(user, body.password);
    }
    return this.deps.verification.requestChange(user, body.email);
  }

  /**
   * A new username. The old one leads to the channel for 30 days and nobody else may take it
   * meanwhile; its owner may take it back.
   */
  async changeUsername(user: UserRow, username: string): Promise<UserRow> {
    if (username === user.username) throw badRequest('That is already your username.');
    const taken = () =>
      conflict('This username is already taken.', [
        { field: 'username', message: 'This username is already taken.' },
      ]);
    const reservedFor = await this.deps.redirects.ownerOf(username);
    if (reservedFor !== undefined && reservedFor !== user.id) throw taken();
    if (await this.deps.users.usernameInUse(username, user.id)) throw taken();
    try {
      if (!(await this.deps.users.updateProfile(user.id, { username }))) throw unauthorized();
    } catch (err) {
      if (isUniqueViolation(err)) throw taken();
      throw err;
    }
    const expiresAt = this.deps.now() + USERNAME_REDIRECT_DAYS * 86_400_000;
    await this.deps.redirects.put(user.username, user.id, expiresAt);
    if (reservedFor === user.id) await this.deps.redirects.delete(username);
    return { ...user, username };
  }

  /**
   * Deletes the account: proven by its password, or, for an account without one (Google
   * sign-in), by a sign-in made in the last 10 minutes.
   */
  async deleteOwn(
    user: UserRow,
    currentToken: string,
    password: string | undefined,
    deletion: { deleteAccount(user: UserRow): Promise<void> },
  ): Promise<void> {
    if ((await this.deps.users.passwordHashOf(user.id)) !== null) {
      if (!password) {
        throw badRequest('Your password is required.', [
          { field: 'password', message: 'Your password is required.' },
        ]);
      }
      await this.deps.auth.confirmPassword(user, password);
    } else {
      const startedAt = await this.deps.sessions.startedAt(hashToken(currentToken));
      if (startedAt === undefined || this.deps.now() - startedAt > FRESH_SIGN_IN_MS) {
        throw new AppError(403, ACCOUNT_MESSAGES.freshGoogleSignIn);
      }
    }
    await deletion.deleteAccount(user);
  }

  /** Old usernames past their 30 days: housekeeping. */
  prune(): Promise<unknown> {
    return this.deps.redirects.deleteExpired(this.deps.now());
  }
}
