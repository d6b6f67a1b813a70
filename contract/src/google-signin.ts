// No zod here: the sign-in page says why a Google sign-in failed with these.

/** `prompt` of GET /users/google/start: forced consent, or Google's account chooser. */
export const GOOGLE_PROMPTS = ['consent', 'select_account'] as const;
export type GooglePrompt = (typeof GOOGLE_PROMPTS)[number];

/**
 * Why a Google sign-in ended on /signin (`/signin?error=<code>`), and what the card says.
 * The server picks the code; the web app owns no other wording for these failures.
 */
export const GOOGLE_SIGNIN_ERRORS = {
  unavailable: 'Sign in with Google is not available on this server.',
  denied: 'Google sign-in was cancelled. Choose an account and allow access to continue.',
  state: 'This sign-in attempt expired or was not started here. Please try again.',
  code: 'Google could not confirm the sign-in (the code was invalid or expired). Please try again.',
  unverified: 'Your Google account has no verified email address, so it cannot be used here.',
  provider: 'Google could not be reached. Please try again later.',
  failed: 'Google sign-in failed. Please try again.',
  too_many: 'Too many sign-in attempts. Please try again later.',
  suspended: 'This account is suspended.',
  pending:
    'This account is waiting for a moderator’s approval. You can sign in once it is approved.',
  registration_closed: 'Sign-ups are closed on this instance, so no new account can be made.',
} as const;
export type GoogleSigninError = keyof typeof GOOGLE_SIGNIN_ERRORS;

export function isGoogleSigninError(code: unknown): code is GoogleSigninError {
  return typeof code === 'string' && Object.hasOwn(GOOGLE_SIGNIN_ERRORS, code);
}

/** The message for `?error=` on /signin; an unknown code still gets a generic message. */
export function googleSigninErrorMessage(code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  return isGoogleSigninError(code) ? GOOGLE_SIGNIN_ERRORS[code] : GOOGLE_SIGNIN_ERRORS.failed;
}
