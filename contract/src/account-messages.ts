// No zod here: pages that only say these (forgot password, delete account, the signed-in
// controls) do not load the account schemas, and with them the password rules.
import { LIMITS } from './limits.js';

export const ACCOUNT_MESSAGES = {
  emailUnverified:
    'Please confirm your email address first: follow the link we sent you, or send a new one.',
  mailUnavailable:
    'This server cannot send email, so this is not available. Ask the site administrator for help.',
  resetRequested:
    'If an account uses that address, we have sent it a link to reset the password. It works for 1 hour.',
  linkInvalid: 'This link is not valid. Ask for a new one.',
  linkUsed: 'This link was already used. Ask for a new one if you still need it.',
  linkExpired: 'This link has expired. Ask for a new one.',
  totpRequired: 'Enter the code from your authenticator app.',
  totpWrong: 'That code is not right. Try the current code, or a recovery code.',
  googleOnlyNoPassword:
    'This account signs in with Google and has no password. Use “Forgot password?” to set one.',
  freshGoogleSignIn: `For your safety, sign in with Google again, then delete the account within ${LIMITS.freshSignInMinutes} minutes.`,
} as const;
