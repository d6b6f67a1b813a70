import type { SessionUser } from '@contract';

/** Where people manage an account they sign in to with Google. */
export const GOOGLE_ACCOUNT_URL = 'https://myaccount.google.com/';

/**
 * The identity provider's account page for the avatar menu's "Account" item, or null when the
 * account signs in only with a password here (this site has no account page of its own yet).
 */
export function accountPageUrl(user: Pick<SessionUser, 'identityProviders'>): string | null {
  // An older server's answer has no list: treated as password-only.
  return (user.identityProviders ?? []).includes('google') ? GOOGLE_ACCOUNT_URL : null;
}
