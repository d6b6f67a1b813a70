/**
 * When a failed delivery is tried again: 30 s after the first failure, then 2, 10 and 30
 * minutes, then 2 hours; a message that failed six times is given up (kept as `failed` for
 * the operator for a week).
 */
const DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000];

export const MAIL_MAX_ATTEMPTS = DELAYS_MS.length + 1;

/** The wait after the `attempts`-th failed try, or undefined when it was the last. */
export function mailRetryDelayMs(attempts: number): number | undefined {
  if (attempts < 1 || attempts >= MAIL_MAX_ATTEMPTS) return undefined;
  return DELAYS_MS[attempts - 1];
}

/**
 * Whether an SMTP failure is not worth trying again: a 550-554 answer about the recipient or
 * the message (no such mailbox, refused) fails the same way every time. Anything else (a
 * connection problem, a 4xx, refused credentials the operator may fix) is tried again.
 */
export function isPermanentSmtpFailure(responseCode: number | undefined): boolean {
  return responseCode !== undefined && responseCode >= 550 && responseCode <= 554;
}
