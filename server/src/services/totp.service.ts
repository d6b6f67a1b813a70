import { ACCOUNT_MESSAGES, type TotpSetup } from '@contract';
import type { AppConfig } from '../config.js';
import { AppError, badRequest, conflict } from '../lib/errors.js';
import {
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
  totpStep,
} from '../lib/totp.js';
import { isSealed, type SecretBox } from '../lib/secret-box.js';
import type { TotpRepository } from '../repositories/totp.repository.js';
import type { UserRepository, UserRow } from '../repositories/user.repository.js';

export const totpRefusal = (message: string) =>
  new AppError(401, message, [], {}, { totpRequired: true });

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238). A code is accepted once: the
 * step of the last accepted code is kept and only later steps pass (§5.2), so the code that
 * turned it on cannot sign in within the same step. Recovery codes are stored hashed and each
 * works once. Accounts without a password (Google sign-in) keep Google's own second factor.
 */
export class TotpService {
  constructor(
    private readonly deps: {
      totp: TotpRepository;
      users: UserRepository;
      /**
       * The account's password, counted like a sign-in, with a second proof that must pass
       * too before the attempt counts as a success (AuthService.confirmPassword).
       */
      confirmPassword: (
        user: UserRow,
        password: string,
        andThen: () => Promise<void>,
      ) => Promise<void>;
      config: Pick<AppConfig, 'instanceName'>;
      /** Seals the secrets as the database keeps them: a dump of it holds none in the clear. */
      box: SecretBox;
      now: () => number;
    },
  ) {}

  /**
   * At start: seals any secret stored before sealing existed, and refuses a key that does not
   * open the secrets already sealed (another machine's key, or a lost one), saying so, rather
   * than let every two-factor sign-in fail later.
   */
  async prepareSecrets(): Promise<void> {
    const sample = await this.deps.totp.anySealed();
    // Throws SecretKeyMismatch when the key is not the one they were sealed with.
    if (sample !== undefined) this.deps.box.open(sample);
    for (const row of await this.deps.totp.plainSecrets()) {
      for (const column of ['totp_secret', 'totp_pending_secret'] as const) {
        const plain = row[column];
        if (plain !== null && !isSealed(plain)) {
          await this.deps.totp.replaceSecret(row.id, column, plain, this.deps.box.seal(plain));
        }
      }
    }
  }

  /** A new secret to scan; it is used only once a code from it confirms it. */
  async setup(user: UserRow): Promise<TotpSetup> {
    if ((await this.deps.users.passwordHashOf(user.id)) === null) {
      throw badRequest(
        'This account signs in with Google: its second factor is your Google account’s own.',
      );
    }
    const secrets = await this.deps.totp.secretsOf(user.id);
    if (secrets?.secret) throw conflict('Two-factor sign-in is already on.');
    const secret = newTotpSecret();
    await this.deps.totp.setPending(user.id, this.deps.box.seal(secret));
    return { secret, otpauthUrl: otpauthUrl(secret, this.deps.config.instanceName, user.username) };
  }

  /** The first code turns it on; answers the recovery codes, shown this once. */
  async confirm(user: UserRow, code: string): Promise<string[]> {
    const secrets = await this.deps.totp.secretsOf(user.id);
    if (secrets?.secret) throw conflict('Two-factor sign-in is already on.');
    if (!secrets?.pending) throw badRequest('Start the set-up first.');
    const step = totpStep(this.deps.box.open(secrets.pending), code, this.deps.now());
    if (step === undefined) {
      throw badRequest(ACCOUNT_MESSAGES.totpWrong, [
        { field: 'code', message: ACCOUNT_MESSAGES.totpWrong },
      ]);
    }
    if (!(await this.deps.totp.enable(user.id, secrets.pending, step))) {
      throw conflict('The set-up changed meanwhile. Start again.');
    }
    const codes = newRecoveryCodes();
    await this.deps.totp.replaceRecoveryCodes(
      user.id,
      codes.map((c) => recoveryCodeHash(c)!),
      this.deps.now(),
    );
    return codes;
  }

  /**
   * Turning it off takes the password and a code (or a recovery code). A wrong code counts
   * against the account like a wrong password: someone who has the password and a session
   * cannot try codes without limit.
   */
  async disable(user: UserRow, password: string, code: string): Promise<void> {
    if (!(await this.isOn(user.id))) throw badRequest('Two-factor sign-in is not on.');
    await this.deps.confirmPassword(user, password, async () => {
      if (!(await this.accept(user.id, code))) {
        throw badRequest(ACCOUNT_MESSAGES.totpWrong, [
          { field: 'code', message: ACCOUNT_MESSAGES.totpWrong },
        ]);
      }
    });
    await this.deps.totp.disable(user.id);
  }

  async isOn(userId: string): Promise<boolean> {
    return Boolean((await this.deps.totp.secretsOf(userId))?.secret);
  }

  /**
   * Sign-in's second step, after the password: 401 with `totpRequired` while the code is
   * missing or not accepted.
   */
  async checkSignIn(userId: string, code: string | undefined): Promise<void> {
    if (!(await this.isOn(userId))) return;
    if (!code) throw totpRefusal(ACCOUNT_MESSAGES.totpRequired);
    if (!(await this.accept(userId, code))) throw totpRefusal(ACCOUNT_MESSAGES.totpWrong);
  }

  /** A code of a step later than any used, or an unused recovery code; each works once. */
  private async accept(userId: string, code: string): Promise<boolean> {
    const secret = (await this.deps.totp.secretsOf(userId))?.secret;
    if (!secret) return false;
    const step = totpStep(this.deps.box.open(secret), code, this.deps.now());
    if (step !== undefined) return this.deps.totp.claimStep(userId, step);
    const hash = recoveryCodeHash(code);
    return hash !== undefined && this.deps.totp.useRecoveryCode(userId, hash);
  }
}
