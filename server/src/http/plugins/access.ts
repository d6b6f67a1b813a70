import type { FastifyInstance, RouteOptions, preValidationHookHandler } from 'fastify';
import { API_BASE, API_ROUTES } from '@contract';
import { requireSignIn } from './session.js';

/**
 * The API operations a visitor may call, in one place: every other route under the API prefix
 * requires a session, applied when the route is registered, so a new route is closed until it
 * is listed here. A listed route may still read the viewer (`request.viewer()`) to show more
 * to a signed-in one. Keys are `METHOD path` as routes declare them, below the API prefix.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  `POST ${API_ROUTES.register}`,
  `POST ${API_ROUTES.login}`,
  `POST ${API_ROUTES.logout}`,
  `GET ${API_ROUTES.checkSession}`,
  `GET ${API_ROUTES.authProviders}`,
  `GET ${API_ROUTES.googleStart}`,
  `GET ${API_ROUTES.googleLogin}`,
  // A Google sign-in waiting for proof of the account it matched: nobody is signed in yet;
  // the pending link is found by its own HttpOnly cookie (g_link).
  `GET ${API_ROUTES.googleLink}`,
  `POST ${API_ROUTES.googleLink}`,
  `POST ${API_ROUTES.googleLinkSeparate}`,
  `GET ${API_ROUTES.videos}`,
  `GET ${API_ROUTES.searchVideos}`,
  `GET ${API_ROUTES.videoSuggestions}`,
  `GET ${API_ROUTES.trendingVideos}`,
  `GET ${API_ROUTES.oembed}`,
  `GET ${API_ROUTES.videoCaptions}`,
  `GET ${API_ROUTES.video}`,
  `POST ${API_ROUTES.increaseViews}`,
  `GET ${API_ROUTES.downloadVideo}`,
  `GET ${API_ROUTES.videoComments}`,
  `GET ${API_ROUTES.instance}`,
  // Links sent by mail are followed signed out; the token is the proof.
  `POST ${API_ROUTES.verifyEmail}`,
  `POST ${API_ROUTES.passwordReset}`,
  `POST ${API_ROUTES.passwordResetConfirm}`,
  `GET ${API_ROUTES.healthLive}`,
  `GET ${API_ROUTES.healthReady}`,
]);

/**
 * Routes outside the API prefix. None of them takes a session as its gate: each decides
 * access its own way, named here. Every route of the app is either under the API prefix or
 * matched here (`server/test/access.api.test.ts` walks the route table).
 */
export const OUTSIDE_API: ReadonlyArray<{ routes: RegExp; gate: string }> = [
  {
    routes: /^(GET|HEAD) \/media\/\*$/,
    gate: 'MediaAccess, per file: public media to anyone, an owner-only file to its owner (the viewer from the session), 404 to everyone else',
  },
  {
    routes: /^(GET|HEAD) \/metrics$/,
    gate: 'Authorization: Bearer METRICS_TOKEN, absent without it',
  },
  { routes: /^(GET|HEAD) \/api\/docs(\/.*)?$/, gate: 'none: the API documentation' },
  {
    routes: /^(GET|HEAD) \/(feeds\/videos\.xml|sitemap\.xml|robots\.txt)$/,
    gate: 'none: public videos only, from the lists a visitor may read (the public feed, a channel’s public videos)',
  },
  {
    routes: /^(GET|HEAD) \/feeds\/subscriptions\.xml$/,
    gate: 'the secret token in its URL (feed_tokens, by SHA-256); 404 for an unknown or reset one',
  },
  {
    routes: /^OPTIONS \*$/,
    gate: 'none: CORS preflights, answered with CORS headers only for CORS_ORIGINS; no data',
  },
  {
    // Hashed assets, and files at the top with an extension (index.html, favicon.svg, their
    // precompressed copies); any other page is the app shell from the not-found handler.
    routes: /^(GET|HEAD) \/(assets\/[^*:]+|[^/*:]+\.[a-z0-9.]+)$/,
    gate: 'none: the built web app’s files (its pages ask the API, which decides)',
  },
];

/** OpenAPI: a session by cookie or by bearer token; public ones take either or none. */
export const SIGNED_IN = [{ cookie: [] }, { bearer: [] }];
export const OPTIONAL = [{}, ...SIGNED_IN];

export type RouteAccess = 'session' | 'public' | 'outside';

/** One entry per method of every route the app registered, with the access it was given. */
export interface RouteEntry {
  key: string;
  method: string;
  url: string;
  access: RouteAccess;
}

function methodsOf(route: RouteOptions): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((m) => m.toUpperCase());
}

/** The key PUBLIC_OPERATIONS uses for one method of an API route (HEAD follows its GET). */
export function operationKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url.slice(API_BASE.length)}`;
}

function accessOf(method: string, url: string): RouteAccess {
  if (!url.startsWith(`${API_BASE}/`)) return 'outside';
  return PUBLIC_OPERATIONS.has(operationKey(method, url)) ? 'public' : 'session';
}

/**
 * Applies the rule to every route registered after it, anywhere in the app: an API route not
 * listed as public checks the session before its body is validated (a signed-out client is
 * told to sign in, not how to fix a field), and each API operation declares its security in
 * the OpenAPI document. Answers the route table as it fills.
 */
export function secureByDefault(app: FastifyInstance): readonly RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const entries = methodsOf(route).map((method) => ({
      key: `${method} ${route.url}`,
      method,
      url: route.url,
      access: accessOf(method, route.url),
    }));
    table.push(...entries);
    if (entries.every((e) => e.access === 'outside')) return;
    // One route serves one kind of access; a route mixing them would be half open.
    const access = entries[0]!.access;
    if (entries.some((e) => e.access !== access)) {
      throw new Error(`Route ${route.url} mixes public and signed-in methods: split it.`);
    }
    if (route.schema) {
      route.schema = { ...route.schema, security: access === 'public' ? OPTIONAL : SIGNED_IN };
    }
    if (access === 'public') return;
    const existing: preValidationHookHandler[] = route.preValidation
      ? Array.isArray(route.preValidation)
        ? route.preValidation
        : [route.preValidation]
      : [];
    route.preValidation = existing.includes(requireSignIn)
      ? existing
      : [requireSignIn, ...existing];
  });
  return table;
}
