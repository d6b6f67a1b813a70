import { randomInt } from 'node:crypto';
import { generatedPassword as madePassword, passwordProblem } from '@contract';
import { hashPassword } from '../lib/password.js';
import { passwordChangedMessage } from '../mail/mail-messages.js';
import type { AccountTokenRepository } from '../repositories/account-token.repository.js';
import type { LoginFailureRepository } from '../repositories/login-failure.repository.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { Mailer } from './mailer.js';

/** A refusal the command line prints as it is (no such account, a password the rules refuse). */
export class OperatorError extends Error {}

/** A password made for the account (contract's `generatedPassword`), from node:crypto. */
export const generatedPassword = (): string => madePassword((n) => randomInt(n));

/**
 * An administrator sets a new password from the command line: the way back into an account
 * when the server sends no mail (or the person lost their mailbox). As after a reset by mail,
 * every session of the account ends, reset links still out stop working and the account's
 * failed sign-ins are forgotten; with mail on, the account's address is told (the servers
 * deliver it from the outbox). Two-factor sign-in stays as it is.
 */
export class OperatorPasswordReset {
  constructor(
    private readonly deps: {
      users: UserRepository;
      sessions: SessionRepository;
      tokens: AccountTokenRepository;
      failures: LoginFailureRepository;
      mailer: Pick<Mailer, 'send'>;
      instanceName: string;
    },
  ) {}

  async reset(
    login: string,
    password: string,
  ): Promise<{ id: string; username: string; email: string }> {
    const user = await this.deps.users.findByLogin(login.trim().toLowerCase());
    if (!user) throw new OperatorError(`No account has the username or email “${login}”.`);
    const problem = passwordProblem(password, user);
    if (problem) throw new OperatorError(problem);
    await this.deps.users.setPasswordHash(user.id, await hashPassword(password));
    await this.deps.sessions.deleteAllOf(user.id);
    await this.deps.tokens.deleteUnused(user.id, 'password-reset');
    await this.deps.failures.clear(`user:${user.id}`);
    await this.deps.mailer.send(
      user.email,
      passwordChangedMessage({
        instanceName: this.deps.instanceName,
        name: user.full_name || user.username,
      }),
    );
    return { id: user.id, username: user.username, email: user.email };
  }
}
