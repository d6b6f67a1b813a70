import { z } from 'zod';

/** GET /users/auth-providers: which identity providers this server can sign in with. */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;
