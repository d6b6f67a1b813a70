import { z } from 'zod';
import { formBody } from './form-body.js';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { PASSWORD_MESSAGES, passwordProblem } from './password-rules.js';
import { ROLES } from './roles.js';
import { singleLine } from './text.js';

export const idSchema = z.string().regex(/^[0-9a-f]{24}$/, 'Invalid id');

/** Public user record: never carries a password hash or a session secret. */
export const userSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  avatar: z.string(),
  coverImage: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const sessionUserSchema = userSchema.extend({
  subscribersCount: z.number().int(),
  /**
   * Identity providers the account signs in with besides a password (`'google'`), so a client
   * can offer that provider's account page. Empty for password-only accounts.
   */
  identityProviders: z.array(z.string()),
  /** `admin`, `moderator` or `user`: staff see the admin console. */
  role: z.enum(ROLES),
  /** The address was confirmed by a link sent to it (or by Google). */
  emailVerified: z.boolean(),
  bio: z.string(),
  /** False for an account made by Google sign-in that never set a password. */
  hasPassword: z.boolean(),
  totpEnabled: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters long.`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters long.`)
  .regex(/^[a-z0-9_.-]+$/, 'Username may contain only letters, digits, dot, dash and underscore.');

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, 'Email is too long.')
  .pipe(z.email('Email is not a valid address.'));

/** A new password: its length, then that it is not common, repetitive or a sequence. */
export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters long.`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters long.`)
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const fullNameSchema = z
  .string()
  .trim()
  .min(1, 'Full name is required.')
  .max(LIMITS.fullNameMax, `Full name must be at most ${LIMITS.fullNameMax} characters long.`)
  .regex(...singleLine('Full name'));

/** Text fields of the multipart sign-up form (files are checked separately). */
export const registerFieldsSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    fullName: fullNameSchema,
  })
  .superRefine((fields, ctx) => {
    if (passwordProblem(fields.password, fields) === PASSWORD_MESSAGES.personal) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.personal });
    }
  });
export type RegisterFields = z.infer<typeof registerFieldsSchema>;

const picture = (description: string) => ({
  maxBytes: LIMITS.imageMaxBytes,
  tooLarge: MESSAGES.thumbnailTooLarge,
  description: `${description}: an image (JPEG, PNG, WebP, GIF or AVIF), at most 25 MiB`,
});

/** POST /users/register (multipart). */
export const registerBody = formBody({
  fields: registerFieldsSchema,
  files: {
    avatar: { ...picture('The profile picture'), required: MESSAGES.avatarRequired },
    coverImage: picture('The channel banner, optional'),
  },
});

export const loginBodySchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Email or username is required.')
    .max(LIMITS.emailMax)
    .regex(...singleLine('Email or username')),
  password: z.string().min(1, 'Password is required.').max(LIMITS.passwordMax),
  /** With two-factor sign-in on: the authenticator's current code or a recovery code. */
  code: z.string().trim().max(32).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginDataSchema = z.object({ user: sessionUserSchema });

/** GET /users/check-session is always 200; these fields sit at the top level. */
export const checkSessionSchema = z.object({
  statusCode: z.number().int(),
  success: z.boolean(),
  message: z.string(),
  isAuthenticated: z.boolean(),
  user: sessionUserSchema.optional(),
});
export type CheckSession = z.infer<typeof checkSessionSchema>;

export const channelProfileSchema = z.object({
  _id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string(),
  coverImage: z.string(),
  email: z.string(),
  createdAt: z.string(),
  subscribersCount: z.number().int(),
  /** Public videos: what everyone but the owner sees on the channel. */
  videosCount: z.number().int(),
  isSubscribed: z.boolean(),
  ownVideos: z
    .object({
      total: z.number().int(),
      unlisted: z.number().int(),
      private: z.number().int(),
    })
    .nullable()
    .describe(
      'For the channel’s owner only (null for anyone else): every video the owner sees on the channel, and how many of them are unlisted or private (by the owner’s choice, also while processing).',
    ),
  bio: z.string(),
});
export type ChannelProfile = z.infer<typeof channelProfileSchema>;
