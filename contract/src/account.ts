import { z } from 'zod';
import { REGISTRATION_MODES } from './governance-rules.js';
import { errorEnvelopeSchema } from './envelope.js';
import { formBody } from './form-body.js';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { multiLine } from './text.js';
import { emailSchema, fullNameSchema, passwordSchema, usernameSchema } from './user.js';

/** A token from a link sent by mail (`?token=`). */
const linkToken = z
  .string()
  .trim()
  .min(1, 'The link is incomplete.')
  .max(200, 'The link is not valid.');

/** GET /instance: what this server offers, for the web app to say what works. */
export const instanceSchema = z.object({
  name: z.string(),
  /** What the instance is about, as its admins describe it (instance settings). */
  description: z.string(),
  /** How new accounts come in: `open`, `approval` (held for a moderator) or `closed`. */
  registration: z.enum(REGISTRATION_MODES),
  /** Mail is set up (SMTP_URL): verification and password-reset links can be sent. */
  mail: z.boolean(),
  /** Unverified accounts cannot upload, comment or report. */
  emailVerificationRequired: z.boolean(),
  google: z.boolean(),
});
export type Instance = z.infer<typeof instanceSchema>;

/** POST /users/verify-email */
export const verifyEmailBodySchema = z.object({ token: linkToken });
export const verifyEmailDataSchema = z.object({ email: z.string() });

/** POST /users/password-reset */
export const passwordResetBodySchema = z.object({ email: emailSchema });

/** POST /users/password-reset/confirm */
export const passwordResetConfirmBodySchema = z.object({
  token: linkToken,
  password: passwordSchema,
});

/** POST /users/change-password */
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Your current password is required.').max(LIMITS.passwordMax),
  newPassword: passwordSchema,
});

/** POST /users/me/email: the new address gets a link; the change waits for it. */
export const changeEmailBodySchema = z.object({
  email: emailSchema,
  /** Required when the account has a password. */
  password: z.string().max(LIMITS.passwordMax).optional(),
});

export const bioSchema = z
  .string()
  .trim()
  .max(LIMITS.bioMax, `Bio must be at most ${LIMITS.bioMax} characters long.`)
  // Control characters other than line breaks and tabs are refused, as in descriptions.
  .regex(...multiLine('Bio'));

/** PATCH /users/me as JSON: the fields given change, the others stay. */
export const profileFieldsSchema = z.object({
  fullName: fullNameSchema.optional(),
  bio: bioSchema.optional(),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

const picture = (description: string) => ({
  maxBytes: LIMITS.imageMaxBytes,
  tooLarge: MESSAGES.thumbnailTooLarge,
  description: `${description}: an image (JPEG, PNG, WebP, GIF or AVIF), at most 25 MiB`,
});

/** PATCH /users/me as multipart: the same fields, and a new avatar or cover image. */
export const profileFormBody = formBody({
  fields: profileFieldsSchema,
  files: {
    avatar: picture('A new profile picture, optional'),
    coverImage: picture('A new channel banner, optional'),
  },
});

/** POST /users/me/username */
export const changeUsernameBodySchema = z.object({ username: usernameSchema });

/** GET /users/me/sessions */
export const sessionInfoSchema = z.object({
  _id: z.string(),
  /** Read from the user agent: "Chrome on Windows". */
  device: z.string(),
  address: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.object({ data: z.array(sessionInfoSchema) });

/** A 6-digit code from an authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export const totpCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter the code from your authenticator app.')
  .max(32, 'That code is not valid.');

/** POST /users/me/totp */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;
/** POST /users/me/totp/confirm */
export const totpConfirmBodySchema = z.object({ code: totpCodeSchema });
export const totpConfirmDataSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** DELETE /users/me/totp */
export const totpDisableBodySchema = z.object({
  password: z.string().min(1, 'Your password is required.').max(LIMITS.passwordMax),
  code: totpCodeSchema,
});

/** 401 of POST /users/login: `totpRequired` when the password was right and a code is needed. */
export const loginErrorSchema = errorEnvelopeSchema.extend({
  totpRequired: z.literal(true).optional(),
});

/** DELETE /users/me: the password, or (an account without one) a fresh Google sign-in. */
export const deleteAccountBodySchema = z.object({
  password: z.string().max(LIMITS.passwordMax).optional(),
});
