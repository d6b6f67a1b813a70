import { z } from 'zod';
import {
  emailSchema,
  fullNameSchema,
  GOVERNANCE_MESSAGES,
  moderationReasonSchema,
  type AdminUser,
  type AdminUsersQuery,
  PASSWORD_MESSAGES,
  passwordProblem,
  passwordSchema,
  ROLES,
  usernameSchema,
  type Role,
} from '@contract';
import { isUniqueViolation } from '../db/database.js';
import { isoTime } from '../lib/iso-time.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/errors.js';
import { ID_PATTERN, newId } from '../lib/ids.js';
import { hashPassword } from '../lib/password.js';
import { fallbackAvatar } from '../media/fallback-avatar.js';
import type {
  AccountAdminRepository,
  ConsoleUserRow,
} from '../repositories/account-admin.repository.js';
import { newAccountState, type UserRow } from '../repositories/user.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { MediaUrls } from './media-urls.js';
import type { VideoMedia } from './video-media.js';
import { auditEntry } from './audit-log.js';
import {
  leavesNoAdmin,
  refusalToActOnAccount,
  refusalToAdminister,
  type Actor,
} from '../rules/staff-rules.js';

/** An account the operator makes from the command line (`users:create`). */
export const operatorAccountSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    fullName: fullNameSchema.optional(),
    role: z.enum(ROLES, { error: 'role must be admin, moderator or user.' }).default('user'),
  })
  .superRefine((fields, ctx) => {
    if (passwordProblem(fields.password, fields) === PASSWORD_MESSAGES.personal) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.personal });
    }
  });
export type OperatorAccount = z.input<typeof operatorAccountSchema>;

/** Parses with a contract schema, or a 400 naming every problem (the first one as the message). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  throw badRequest(errors[0]?.message ?? 'Invalid input.', errors);
}

/**
 * Accounts as staff and the operator manage them: making one (with any role), a role, a quota,
 * suspension, approval, deletion (how an account signs in is account-credentials.service.ts's).
 * Every change is checked against who acts (staff-rules.ts) and written with its audit entry.
 */
export class AccountAdminService {
  constructor(
    private readonly deps: {
      accounts: AccountAdminRepository;
      media: VideoMedia;
      blobs: BlobStore;
      urls: MediaUrls;
      /** Reports a failure that the action survives (a prefix that did not move). */
      log?: (message: string, err: unknown) => void;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** The account by id, or the same 404 for a malformed and an unknown one. */
  async account(id: string): Promise<UserRow> {
    const row = ID_PATTERN.test(id) ? await this.deps.accounts.findById(id) : undefined;
    if (!row) throw notFound(GOVERNANCE_MESSAGES.userNotFound);
    return row;
  }

  async accountByUsername(username: string): Promise<UserRow> {
    const row = await this.deps.accounts.findByUsername(username.trim().toLowerCase());
    if (!row) throw notFound(`No user is named ${username.trim()}.`);
    return row;
  }

  /** The account a username or an email names, as the command line's `reset-password` takes. */
  async accountByLogin(login: string): Promise<UserRow> {
    const row = await this.deps.accounts.findByLogin(login.trim().toLowerCase());
    if (!row) throw notFound(`No account has the username or email “${login.trim()}”.`);
    return row;
  }

  /** Refuses unless `actor` may act on `target` (moderators: users only). */
  assertMayActOn(actor: Actor, target: UserRow): void {
    const refusal = refusalToActOnAccount(actor, target.role);
    if (refusal) throw forbidden(refusal);
  }

  /** Refuses unless `actor` may change roles (admins and the operator). */
  assertMayChangeRoles(actor: Actor): void {
    const refusal = refusalToAdminister(actor);
    if (refusal) throw forbidden(refusal);
  }

  /** A new, active account with a generated avatar; the operator may give it any role. */
  async createAccount(actor: Actor, input: OperatorAccount): Promise<UserRow> {
    const refusal = refusalToAdminister(actor);
    if (refusal) throw forbidden(refusal);
    const fields = parseOrThrow(operatorAccountSchema, input);
    const now = this.now();
    const avatarKey = `images/${newId()}.webp`;
    await this.deps.blobs.putBuffer(avatarKey, await fallbackAvatar(fields.username));
    const row: UserRow = {
      id: newId(now),
      username: fields.username,
      email: fields.email,
      full_name: fields.fullName ?? fields.username,
      avatar_key: avatarKey,
      cover_key: null,
      created_at: now,
      all_videos_count: 0,
      public_videos_count: 0,
      ...newAccountState(),
      role: fields.role,
      // The operator vouches for the address of an account they make themselves.
      email_verified: 1,
      bio: '',
    };
    try {
      await this.deps.accounts.insertAccount(
        { ...row, password_hash: await hashPassword(fields.password) },
        auditEntry(actor, 'user.create', { type: 'user', id: row.id }, `role ${row.role}`, now),
      );
    } catch (err) {
      await this.deps.blobs.delete(avatarKey);
      if (isUniqueViolation(err)) throw conflict('That username or email is already taken.');
      throw err;
    }
    return row;
  }

  /** Admins (and the operator) change roles; the last active admin keeps theirs. */
  async changeRole(actor: Actor, target: UserRow, role: Role): Promise<void> {
    const refusal = refusalToAdminister(actor);
    if (refusal) throw forbidden(refusal);
    if (target.role === role) return;
    const outcome = await this.deps.accounts.withAdminsLocked(
      target.id,
      (now, admins) => role !== 'admin' && leavesNoAdmin(lockedState(now), admins),
      async (trx, now) => {
        const entry = auditEntry(
          actor,
          'user.role',
          { type: 'user', id: now.id },
          `${now.role} → ${role}`,
          this.now(),
        );
        await this.deps.accounts.setRole(trx, now.id, role, entry);
      },
    );
    refuseOutcome(outcome);
  }

  /** The user's own storage quota (null: the instance default). */
  async setQuota(actor: Actor, target: UserRow, quotaBytes: number | null): Promise<void> {
    this.assertMayActOn(actor, target);
    const changed = await this.deps.accounts.setQuota(
      target.id,
      quotaBytes,
      auditEntry(
        actor,
        'user.quota',
        { type: 'user', id: target.id },
        quotaBytes === null ? 'default' : `${quotaBytes} bytes`,
        this.now(),
      ),
    );
    if (!changed) throw notFound(GOVERNANCE_MESSAGES.userNotFound);
  }

  /** A page of accounts for the console, with how many wait for approval. */
  async list(
    query: AdminUsersQuery,
  ): Promise<{ data: AdminUser[]; total: number; pending: number }> {
    const { rows, total, pending } = await this.deps.accounts.page(
      { text: query.query || undefined, state: query.state, role: query.role },
      query.limit,
      (query.page - 1) * query.limit,
    );
    return { data: rows.map((r) => toAdminUser(r, this.deps.urls)), total, pending };
  }

  async view(target: UserRow): Promise<AdminUser> {
    const row = await this.deps.accounts.consoleRow(target.id);
    if (!row) throw notFound(GOVERNANCE_MESSAGES.userNotFound);
    return toAdminUser(row, this.deps.urls);
  }

  /** Nobody suspends or deletes their own account from the console. */
  private refuseSelf(actor: Actor, target: UserRow, doing: string): void {
    if (actor.kind === 'staff' && actor.id === target.id) {
      throw forbidden(`You cannot ${doing} your own account.`);
    }
  }

  /**
   * Suspends the account: its sessions end, signing in is refused, and its videos and
   * comments are hidden from others until lifted. Videos others could see until now move to
   * a new prefix afterwards, so their links stop working too.
   */
  async suspend(actor: Actor, target: UserRow, reason: string): Promise<void> {
    this.assertMayActOn(actor, target);
    this.refuseSelf(actor, target, 'suspend');
    const why = parseOrThrow(moderationReasonSchema, reason);
    if (target.suspended_at !== null) throw conflict('This account is suspended already.');
    const now = this.now();
    let shown: string[] = [];
    const outcome = await this.deps.accounts.withAdminsLocked(
      target.id,
      (row, admins) => leavesNoAdmin(lockedState(row), admins),
      async (trx, row) => {
        shown = await this.deps.accounts.suspend(
          trx,
          row.id,
          why,
          now,
          auditEntry(actor, 'user.suspend', { type: 'user', id: row.id }, why, now),
        );
      },
    );
    refuseOutcome(outcome);
    for (const id of shown) {
      // Already hidden in the database; the move only retires URLs handed out before.
      await this.deps.media
        .rotateToken(id)
        .catch((err: unknown) => this.deps.log?.(`new media token for video ${id}`, err));
    }
  }

  async unsuspend(actor: Actor, target: UserRow, reason: string | undefined): Promise<void> {
    this.assertMayActOn(actor, target);
    const lifted = await this.deps.accounts.unsuspend(
      target.id,
      auditEntry(
        actor,
        'user.unsuspend',
        { type: 'user', id: target.id },
        reason || null,
        this.now(),
      ),
    );
    if (!lifted) throw conflict('This account is not suspended.');
  }

  /** Lets in a sign-up held for approval. */
  async approve(actor: Actor, target: UserRow): Promise<void> {
    this.assertMayActOn(actor, target);
    const approved = await this.deps.accounts.approve(
      target.id,
      auditEntry(actor, 'user.approve', { type: 'user', id: target.id }, null, this.now()),
    );
    if (!approved) throw conflict('This account is not waiting for approval.');
  }

  /**
   * Staff deleting an account: checks who acts, the reason and the last-admin rule, runs the
   * one deletion every path uses (AccountDeletionService: the account with all its content and
   * files, also behind a user's own DELETE /users/me), then logs it.
   */
  async delete(
    actor: Actor,
    target: UserRow,
    reason: string,
    deletion: { deleteAccount(user: UserRow): Promise<void> },
  ): Promise<void> {
    this.assertMayActOn(actor, target);
    this.refuseSelf(actor, target, 'delete');
    const why = parseOrThrow(moderationReasonSchema, reason);
    // The last-admin rule is the deletion's own (retireForDeletion), checked under the lock.
    await deletion.deleteAccount(target);
    await this.deps.accounts.record(
      auditEntry(actor, 'user.delete', { type: 'user', id: target.id }, why, this.now()),
    );
  }

  /**
   * The first step of deleting an account: under the admins' lock, refused (409) if it is the
   * last active admin, else it stops being staff there and then. Checked and changed in one
   * locked transaction, so two admins deleting each other at once cannot both pass the check
   * and leave the instance without one.
   */
  async retireForDeletion(userId: string): Promise<void> {
    const outcome = await this.deps.accounts.withAdminsLocked(
      userId,
      (row, admins) => leavesNoAdmin(lockedState(row), admins),
      async (trx, row) => {
        if (row.role !== 'user') await this.deps.accounts.dropRole(trx, row.id);
      },
    );
    // A missing account is the deletion's to report.
    if (outcome === 'last-admin') throw new AppError(409, GOVERNANCE_MESSAGES.lastAdmin);
  }
}

/** The locked row's state as the last-admin rule reads it. */
export function lockedState(row: UserRow): { role: Role; suspended: boolean } {
  return { role: row.role, suspended: row.suspended_at !== null };
}

export function refuseOutcome(outcome: 'done' | 'missing' | 'last-admin'): void {
  if (outcome === 'missing') throw notFound(GOVERNANCE_MESSAGES.userNotFound);
  if (outcome === 'last-admin') throw new AppError(409, GOVERNANCE_MESSAGES.lastAdmin);
}

export function toAdminUser(row: ConsoleUserRow, urls: MediaUrls): AdminUser {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    avatar: urls.shared(row.avatar_key),
    role: row.role,
    state:
      row.suspended_at !== null
        ? 'suspended'
        : Number(row.awaiting_approval) === 1
          ? 'pending'
          : 'active',
    suspendedAt: row.suspended_at === null ? null : isoTime(Number(row.suspended_at)),
    suspensionReason: row.suspension_reason,
    quotaBytes: row.quota_bytes === null ? null : Number(row.quota_bytes),
    twoFactor: Number(row.two_factor) === 1,
    videosCount: Number(row.all_videos_count),
    createdAt: isoTime(Number(row.created_at)),
  };
}
