import { z } from 'zod';
import { LIMITS } from './limits.js';
import { emailSchema, sessionUserSchema } from './user.js';

/**
 * A Google sign-in whose verified email is already used by an account here that is not linked
 * to that Google account. Addresses are never verified at sign-up, so the account may have been
 * made by someone else: nothing is signed in until the person enters that account's password
 * (which links the two), or chooses a separate account with another email.
 */
export const googleLinkPendingSchema = z.object({
  email: z.string().describe('The Google account’s verified email'),
  username: z.string().describe('The existing account that uses that email'),
  canLinkWithPassword: z
    .boolean()
    .describe('False when that account has no password (it signs in with Google only)'),
});
export type GoogleLinkPending = z.infer<typeof googleLinkPendingSchema>;

export const googleLinkPasswordBodySchema = z.object({
  password: z.string().min(1, 'Password is required.').max(LIMITS.passwordMax),
});
export type GoogleLinkPasswordBody = z.infer<typeof googleLinkPasswordBodySchema>;

export const googleLinkSeparateBodySchema = z.object({ email: emailSchema });
export type GoogleLinkSeparateBody = z.infer<typeof googleLinkSeparateBodySchema>;

export const googleLinkDoneSchema = z.object({
  user: sessionUserSchema,
  returnTo: z.string().describe('Same-site path where the sign-in started'),
});
export type GoogleLinkDone = z.infer<typeof googleLinkDoneSchema>;

export const GOOGLE_LINK_MESSAGES = {
  expired: 'This Google sign-in has expired or was already used. Please sign in with Google again.',
  noPassword:
    'That account signs in with Google only, so it cannot be linked with a password. Create a separate account instead.',
} as const;
