import type { FastifyInstance, RouteOptions, preValidationHookHandler } from 'fastify';
import { API_BASE, API_ROUTES, GOVERNANCE_MESSAGES, hasRole, type Role } from '@contract';
import { forbidden } from '../../lib/errors.js';
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
  // Public playlists are listed on channels and unlisted ones open by link; private ones are
  // a 404 to anyone but their owner (PlaylistService).
  `GET ${API_ROUTES.playlists}`,
  `GET ${API_ROUTES.playlist}`,
  `GET ${API_ROUTES.instance}`,
  // Links sent by mail are followed signed out; the token is the proof.
  `POST ${API_ROUTES.verifyEmail}`,
  `POST ${API_ROUTES.passwordReset}`,
  `POST ${API_ROUTES.passwordResetConfirm}`,
  // tus discovery: the protocol's version, extensions and largest upload; no account's data.
  `OPTIONS ${API_ROUTES.uploads}`,
  `GET ${API_ROUTES.healthLive}`,
  `GET ${API_ROUTES.healthReady}`,
  `GET ${API_ROUTES.instance}`,
]);

/** What a staff operation acts on, when it is one account's or its content. */
export type StaffTarget = 'user' | 'video' | 'comment';

export interface StaffRule {
  /** The least role that may call it. */
  role: Extract<Role, 'moderator' | 'admin'>;
  /** An account's, or its video's or comment's: a moderator may not act on staff's. */
  target?: StaffTarget;
}

/**
 * Every operation under /admin and who may call it. A route under /admin missing here makes
 * the app refuse to start, so a new one is closed until someone decides; the gate is applied
 * before the body is read (401 for visitors, 403 for anyone below the role), and the services
 * apply the rest (a moderator acting on an admin's account or content: 403).
 * `server/test/admin-access.api.test.ts` walks the route table against this list.
 */
export const STAFF_OPERATIONS: Readonly<Record<string, StaffRule>> = {
  [`GET ${API_ROUTES.adminDashboard}`]: { role: 'moderator' },
  [`GET ${API_ROUTES.adminReports}`]: { role: 'moderator' },
  [`POST ${API_ROUTES.adminResolveReport}`]: { role: 'moderator' },
  [`POST ${API_ROUTES.adminDismissReport}`]: { role: 'moderator' },
  [`GET ${API_ROUTES.adminVideos}`]: { role: 'moderator' },
  [`POST ${API_ROUTES.adminBlockVideo}`]: { role: 'moderator', target: 'video' },
  [`POST ${API_ROUTES.adminUnblockVideo}`]: { role: 'moderator', target: 'video' },
  [`GET ${API_ROUTES.adminUsers}`]: { role: 'moderator' },
  [`PATCH ${API_ROUTES.adminUser}`]: { role: 'moderator', target: 'user' },
  [`DELETE ${API_ROUTES.adminUser}`]: { role: 'moderator', target: 'user' },
  [`POST ${API_ROUTES.adminSuspendUser}`]: { role: 'moderator', target: 'user' },
  [`POST ${API_ROUTES.adminUnsuspendUser}`]: { role: 'moderator', target: 'user' },
  [`POST ${API_ROUTES.adminApproveUser}`]: { role: 'moderator', target: 'user' },
  [`POST ${API_ROUTES.adminUserTwoFactorOff}`]: { role: 'admin', target: 'user' },
  [`POST ${API_ROUTES.adminUserPassword}`]: { role: 'admin', target: 'user' },
  [`DELETE ${API_ROUTES.adminComment}`]: { role: 'moderator', target: 'comment' },
  [`GET ${API_ROUTES.adminSettings}`]: { role: 'admin' },
  [`PATCH ${API_ROUTES.adminSettings}`]: { role: 'admin' },
  [`GET ${API_ROUTES.adminAudit}`]: { role: 'moderator' },
};

const STAFF_PREFIX = `${API_BASE}/admin/`;

/** The staff rule of one method of an API route, or undefined outside /admin. */
export function staffRuleOf(method: string, url: string): StaffRule | undefined {
  if (!url.startsWith(STAFF_PREFIX)) return undefined;
  const rule = STAFF_OPERATIONS[operationKey(method, url)];
  if (!rule) {
    throw new Error(
      `${method} ${url} is under /admin but has no rule in STAFF_OPERATIONS: add one.`,
    );
  }
  return rule;
}

/** A preValidation hook: the signed-in viewer's role must be at least `role`. */
function requireRole(role: StaffRule['role']): preValidationHookHandler {
  return async function staffOnly(request) {
    const viewer = await request.requireViewer();
    if (!hasRole(viewer.role, role)) {
      throw forbidden(
        role === 'admin' ? GOVERNANCE_MESSAGES.adminOnly : GOVERNANCE_MESSAGES.staffOnly,
      );
    }
  };
}

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
    const staff = entries
      .map((e) => staffRuleOf(e.method, e.url))
      .find((rule) => rule !== undefined);
    const gates = staff ? [requireSignIn, requireRole(staff.role)] : [requireSignIn];
    route.preValidation = existing.includes(requireSignIn) ? existing : [...gates, ...existing];
  });
  return table;
}
