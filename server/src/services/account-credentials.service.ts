import { GOVERNANCE_MESSAGES, PASSWORD_MESSAGES, passwordProblem, passwordSchema } from '@contract';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.js';
import { hashPassword } from '../lib/password.js';
import { passwordChangedMessage } from '../mail/mail-messages.js';
import type { AccountAdminRepository } from '../repositories/account-admin.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import { refusalToAdminister, type Actor } from '../rules/staff-rules.js';
import { auditEntry } from './audit-log.js';
import type { Mailer } from './mailer.js';

/**
 * How another account signs in, as admins and the operator change it: a new password, or
 * two-factor sign-in turned off. Whoever does either can sign in as the account, so it is never
 * a moderator's to do, and staff change their own in Settings, where the account's current
 * password or code is asked for. Every change is written with its audit entry.
 */
export class AccountCredentials {
  constructor(
    private readonly deps: {
      accounts: Pick<AccountAdminRepository, 'setPassword' | 'turnOffTwoFactor'>;
      /** Tells an account its password was set (queued in the outbox with mail on). */
      mail?: { mailer: Pick<Mailer, 'send'>; instanceName: string };
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /**
   * Sets a new password: the way back in for someone whose mailbox is gone too. Every session of
   * the account ends, reset links still out stop working, and its address is told (as after a
   * change in Settings). An admin's (or the operator's) to do, never a moderator's: whoever sets
   * it can sign in as the account. Staff change their own in Settings, with the current one.
   */
  async resetPassword(
    actor: Actor,
    target: UserRow,
    password: string,
    reason?: string,
  ): Promise<void> {
    const refusal = refusalToAdminister(actor);
    if (refusal) throw forbidden(refusal);
    if (actor.kind === 'staff' && actor.id === target.id) {
      throw forbidden('Change your own password in Settings.');
    }
    const problem =
      passwordSchema.safeParse(password).error?.issues[0]?.message ??
      (passwordProblem(password, target) === PASSWORD_MESSAGES.personal
        ? PASSWORD_MESSAGES.personal
        : undefined);
    if (problem) throw badRequest(problem, [{ field: 'password', message: problem }]);
    const changed = await this.deps.accounts.setPassword(
      target.id,
      await hashPassword(password),
      auditEntry(
        actor,
        'user.password',
        { type: 'user', id: target.id },
        reason ?? null,
        this.now(),
      ),
    );
    if (!changed) throw notFound(GOVERNANCE_MESSAGES.userNotFound);
    const mail = this.deps.mail;
    await mail?.mailer.send(
      target.email,
      passwordChangedMessage({
        instanceName: mail.instanceName,
        name: target.full_name || target.username,
      }),
    );
  }

  /**
   * For someone who lost their authenticator and their recovery codes: two-factor sign-in goes
   * off, and the password alone signs in until they turn it on again. An admin's (or the
   * operator's) to do, never a moderator's: it weakens how the account signs in. Staff turn
   * their own off in Settings, where the account's own code is asked for.
   */
  async turnOffTwoFactor(actor: Actor, target: UserRow, reason?: string): Promise<void> {
    const refusal = refusalToAdminister(actor);
    if (refusal) throw forbidden(refusal);
    if (actor.kind === 'staff' && actor.id === target.id) {
      throw forbidden('Turn off your own two-factor sign-in in Settings.');
    }
    const entry = auditEntry(
      actor,
      'user.two_factor_off',
      { type: 'user', id: target.id },
      reason ?? null,
      this.now(),
    );
    if (!(await this.deps.accounts.turnOffTwoFactor(target.id, entry))) {
      throw conflict(`Two-factor sign-in is not on for ${target.username}.`);
    }
  }
}
