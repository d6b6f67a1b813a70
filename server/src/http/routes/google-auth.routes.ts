import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ROUTES,
  API_BASE,
  authProvidersSchema,
  envelopeSchema,
  GOOGLE_PROMPTS,
  ROUTES,
  type GoogleSigninError,
} from '@contract';
import type { AuthService } from '../../services/auth.service.js';
import { GoogleSignInError, type GoogleAuthService } from '../../services/google-auth.service.js';
import { ok } from '../envelope.js';
import { clearSessionCookie, sessionClient, setSessionCookie } from '../plugins/session.js';
import { GOOGLE_LINK_COOKIE, LINK_COOKIE_OPTIONS } from './google-link.routes.js';

export interface GoogleAuthRoutesDeps {
  auth: AuthService;
  google: GoogleAuthService;
}

/** Holds the state of the sign-in this browser started; sent only to the two Google routes. */
export const GOOGLE_STATE_COOKIE = 'g_state';
const STATE_COOKIE_OPTIONS = {
  path: `${API_BASE}/users/google`,
  httpOnly: true,
  // Lax: the provider's redirect back is a top-level GET, which still carries the cookie.
  sameSite: 'lax',
  secure: 'auto',
} as const;

const redirect = {
  302: z.null().describe('Redirect (Location): to the provider, back into the app, or /signin'),
};

/** Bad input never stops a browser navigation with a JSON error: it falls back or fails over. */
const lenient = z.string().max(4096).optional().catch(undefined);

/** Failures a visitor can cause at will: logged briefly, never with a stack. */
const CLIENT_CAUSED = new Set<GoogleSigninError>([
  'state',
  'code',
  'denied',
  'unverified',
  'too_many',
  'suspended',
  'pending',
  'registration_closed',
]);

/**
 * Every failure lands on the sign-in card, which explains the code. Anyone can call these
 * routes, as often as they like, so no refusal logs a stack trace: a refusal caused by the
 * visitor is one info line, a provider failure one warning with its cause, and a server
 * without Google configured says so once per process.
 */
function failToSignin(
  request: FastifyRequest,
  reply: FastifyReply,
  err: unknown,
  once: { unavailableLogged: boolean },
) {
  let code: GoogleSigninError = 'failed';
  if (err instanceof GoogleSignInError) {
    code = err.code;
    if (code === 'unavailable') {
      if (!once.unavailableLogged) {
        once.unavailableLogged = true;
        request.log.warn(
          'Sign in with Google was requested but is not configured (GOOGLE_CLIENT_ID and ' +
            'GOOGLE_CLIENT_SECRET); further requests are answered without logging',
        );
      }
    } else if (CLIENT_CAUSED.has(code)) {
      request.log.info({ code, reason: err.message }, 'Google sign-in refused');
    } else {
      const cause = err.cause instanceof Error ? err.cause.message : undefined;
      request.log.warn({ code, reason: err.message, cause }, 'Google sign-in did not complete');
    }
  } else {
    request.log.error({ err }, 'Google sign-in failed unexpectedly');
  }
  return reply
    .header('cache-control', 'no-store')
    .redirect(`${ROUTES.signin}?error=${encodeURIComponent(code)}`, 302);
}

export const googleAuthRoutes: FastifyPluginAsyncZod<GoogleAuthRoutesDeps> = async (app, deps) => {
  const once = { unavailableLogged: false };
  app.get(
    API_ROUTES.authProviders,
    {
      schema: {
        tags: ['users'],
        summary: 'Which identity providers this server signs in with (hide what is false)',
        response: { 200: envelopeSchema(authProvidersSchema) },
      },
    },
    async () => ok({ google: deps.google.isConfigured }, 'Sign-in providers.'),
  );

  app.get(
    API_ROUTES.googleStart,
    {
      schema: {
        tags: ['users'],
        summary:
          'Browser navigation: redirects to the provider (scope openid email profile, offline ' +
          'access, PKCE), or to /signin?error=<code>. prompt=select_account is Switch Account.',
        querystring: z.object({
          returnTo: lenient.describe('Same-site path to land on afterwards; default /'),
          prompt: z.enum(GOOGLE_PROMPTS).optional().catch(undefined),
        }),
        response: redirect,
      },
    },
    async (request, reply) => {
      try {
        const started = await deps.google.start({
          returnTo: request.query.returnTo,
          prompt: request.query.prompt ?? 'consent',
          clientIp: request.ip,
        });
        reply.setCookie(GOOGLE_STATE_COOKIE, started.state, {
          ...STATE_COOKIE_OPTIONS,
          expires: new Date(started.expiresAt),
        });
        return reply.header('cache-control', 'no-store').redirect(started.url, 302);
      } catch (err) {
        return failToSignin(request, reply, err, once);
      }
    },
  );

  app.get(
    API_ROUTES.googleLogin,
    {
      schema: {
        tags: ['users'],
        summary:
          "The provider's redirect target: verifies the callback, signs in (session cookie) and " +
          'redirects to where sign-in started, or to /signin?error=<code>; when the email ' +
          'belongs to an account not linked to this Google account, signs nothing in and ' +
          'redirects to /signin/google-link (see GET /users/google/link)',
        querystring: z.object({ code: lenient, state: lenient, error: lenient }),
        response: redirect,
      },
    },
    async (request, reply) => {
      // The raw query goes to the OpenID Connect client as the provider sent it.
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const cookieState = request.cookies[GOOGLE_STATE_COOKIE];
      reply.clearCookie(GOOGLE_STATE_COOKIE, STATE_COOKIE_OPTIONS);
      try {
        const done = await deps.google.finish({
          query,
          cookieState,
          client: sessionClient(request),
        });
        // Switch Account: the account being left is signed out, not just shadowed.
        await deps.auth.logout(request.sessionToken());
        if ('link' in done) {
          // Nothing is signed in until the person proves the account is theirs.
          clearSessionCookie(reply);
          reply.setCookie(GOOGLE_LINK_COOKIE, done.link.token, {
            ...LINK_COOKIE_OPTIONS,
            expires: new Date(done.link.expiresAt),
          });
          return reply.header('cache-control', 'no-store').redirect(ROUTES.googleLink, 302);
        }
        setSessionCookie(reply, done.session.token, done.session.expiresAt);
        return reply.header('cache-control', 'no-store').redirect(done.returnTo, 302);
      } catch (err) {
        return failToSignin(request, reply, err, once);
      }
    },
  );
};
