import { ACCOUNT_MESSAGES, ERROR_CODES } from '@contract';
import { AppError } from '../lib/errors.js';
import type { UserRow } from '../repositories/user.repository.js';

/**
 * With REQUIRE_EMAIL_VERIFICATION, an account whose address was never confirmed may sign in and
 * watch, but not add anything others see: uploads, comments and replies, reports. Every such
 * write asks this one check, so the rule and its answer (403, `code: email_unverified`, which the
 * web app answers with a "resend" button) are the same everywhere.
 */
export class EmailVerificationGate {
  constructor(private readonly required: boolean) {}

  assertVerified(user: Pick<UserRow, 'email_verified'>): void {
    if (this.required && !user.email_verified) {
      throw new AppError(
        403,
        ACCOUNT_MESSAGES.emailUnverified,
        [],
        {},
        {
          code: ERROR_CODES.emailUnverified,
        },
      );
    }
  }
}
