import type { FastifyPluginAsync } from 'fastify';
import { API_BASE, API_PATHS, type RegistrationMode } from '@contract';
import type { AppConfig } from '../config.js';
import { googleAuthRoutes } from '../http/routes/google-auth.routes.js';
import { googleLinkRoutes } from '../http/routes/google-link.routes.js';
import type { IdentityRepository } from '../repositories/identity.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import type { AuthService } from '../services/auth.service.js';
import type { EmailVerificationService } from '../services/email-verification.service.js';
import { GoogleAuthService } from '../services/google-auth.service.js';
import { GoogleLinkService } from '../services/google-link.service.js';
import type { RateLimiter } from '../services/rate-limiter.js';
import type { UserService } from '../services/user.service.js';
import type { BlobStore } from '../storage/blob-store.js';
import { OidcProvider } from './oidc-provider.js';

/**
 * Signing in with Google (an OpenID Connect provider), and linking a Google account to an
 * existing one; off, with its routes answering so, unless the server has a client id and secret.
 * Wired here so the app only registers the routes.
 */
export function buildGoogleSignIn(deps: {
  config: AppConfig;
  identities: IdentityRepository;
  userRows: UserRepository;
  users: UserService;
  auth: AuthService;
  verification: EmailVerificationService;
  blobs: BlobStore;
  limiter: RateLimiter;
  /** The instance's registration mode now (InstanceSettings). */
  registration: () => Promise<RegistrationMode>;
  now?: () => number;
}) {
  const { config, identities, auth, limiter } = deps;
  const google = new GoogleAuthService({
    provider: config.google
      ? new OidcProvider({
          ...config.google,
          redirectUri: `${config.publicUrl}${API_BASE}${API_PATHS.googleLogin}`,
        })
      : undefined,
    identities,
    users: deps.userRows,
    auth,
    blobs: deps.blobs,
    limiter,
    config,
    registration: deps.registration,
    now: deps.now,
  });
  const link = new GoogleLinkService({
    google,
    identities,
    users: deps.userRows,
    auth,
    verification: deps.verification,
    limiter,
    config,
    now: deps.now,
  });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(googleAuthRoutes, { auth, google });
    await api.register(googleLinkRoutes, { link, users: deps.users });
  };
  return { google, link, routes };
}
