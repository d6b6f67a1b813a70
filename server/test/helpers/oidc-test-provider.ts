import { expect } from 'vitest';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import type { LightMyRequestResponse } from 'fastify';
import type { AppConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from './test-app.js';

export const CLIENT_ID = 'vidshare-test-client';
export const PUBLIC_URL = 'http://vidshare.test';

type IdTokenBody = Record<string, unknown>;

/**
 * A real OpenID Connect provider on a random local port: discovery, JWKS, an authorize
 * endpoint that redirects back with a code, and a token endpoint that checks PKCE; and an app
 * configured to sign in with it, on its own fresh database.
 *
 * Each test file calls `createOidcTestProvider()` in its own beforeAll and `close()` in its
 * afterAll.
 */
export interface OidcTestProvider {
  idp: OAuth2Server;
  t: TestApp;
  /** Added to Date.now for the app's clock. */
  clockOffset: number;
  /** Claims the provider puts into the next tokens it signs. */
  claims: Record<string, unknown>;
  /** A last change to the next token response, for tests of broken ID tokens. */
  tamper: ((body: IdTokenBody) => void) | undefined;
  /** How many Google accounts googleAccount() has made so far. */
  readonly people: number;
  /** A Google account: unique subject and email, verified, with a picture that is not fetched. */
  googleAccount(overrides?: Record<string, unknown>): {
    sub: string;
    email: string;
    email_verified: boolean;
    name: string;
    picture: string;
    [claim: string]: unknown;
  };
  start(
    query?: string,
    headers?: Record<string, string>,
  ): Promise<{ res: LightMyRequestResponse; stateCookie: string | undefined }>;
  /** Follows the provider's authorize page the way a browser would: it answers with a redirect. */
  authorize(location: string): Promise<URL>;
  callback(
    pathAndQuery: string,
    cookies: Record<string, string | undefined>,
  ): Promise<LightMyRequestResponse>;
  /** The whole flow for one Google account: start, provider, callback. */
  signInWithGoogle(
    account: Record<string, unknown>,
    options?: { query?: string; sid?: string },
  ): Promise<{ res: LightMyRequestResponse; sid: string | undefined; authorizeUrl: unknown }>;
  sessionUser(sid: string | undefined): Promise<
    | {
        _id: string;
        username: string;
        email: string;
        fullName: string;
        avatar: string;
        identityProviders: string[];
      }
    | undefined
  >;
  countUsers(): Promise<number>;
  close(): Promise<void>;
}

export function cookieValue(
  res: { cookies: { name: string; value: string }[] },
  name: string,
): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

/** `overrides`: more settings for the app (mail, for tests that read what it sends). */
export async function createOidcTestProvider(
  overrides: Partial<AppConfig> = {},
): Promise<OidcTestProvider> {
  let clockOffset = 0;
  let claims: Record<string, unknown> = {};
  let tamper: ((body: IdTokenBody) => void) | undefined;
  let people = 0;

  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token: MutableToken) => {
    Object.assign(token.payload, claims);
  });
  idp.service.on('beforeResponse', (response: { body: unknown }) => {
    tamper?.(response.body as IdTokenBody);
    tamper = undefined;
  });
  let t: TestApp;
  try {
    t = await createTestApp(
      {
        publicUrl: PUBLIC_URL,
        google: { clientId: CLIENT_ID, clientSecret: 'test-secret', issuerUrl: idp.issuer.url! },
        ...overrides,
      },
      { now: () => Date.now() + clockOffset },
    );
  } catch (error) {
    await idp.stop();
    throw error;
  }

  function googleAccount(overrides: Record<string, unknown> = {}) {
    people += 1;
    return {
      sub: `google-sub-${people}-${Math.random().toString(36).slice(2)}`,
      email: `person${people}.${Math.random().toString(36).slice(2, 6)}@gmail.example`,
      email_verified: true,
      name: `Person Number ${people}`,
      picture: 'http://127.0.0.1/not-https.png',
      ...overrides,
    };
  }

  async function start(query = '', headers: Record<string, string> = {}) {
    const res = await t.server.inject({
      method: 'GET',
      url: `/api/v1/users/google/start${query}`,
      headers,
    });
    return { res, stateCookie: cookieValue(res, 'g_state') };
  }

  async function authorize(location: string): Promise<URL> {
    const res = await fetch(location, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  function callback(pathAndQuery: string, cookies: Record<string, string | undefined>) {
    const cookie = Object.entries(cookies)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    return t.server.inject({
      method: 'GET',
      url: pathAndQuery,
      headers: cookie ? { cookie } : {},
    });
  }

  async function signInWithGoogle(
    account: Record<string, unknown>,
    options: { query?: string; sid?: string } = {},
  ) {
    const started = await start(options.query ?? '');
    expect(started.res.statusCode).toBe(302);
    const back = await authorize(started.res.headers.location as string);
    claims = account;
    const res = await callback(`${back.pathname}${back.search}`, {
      g_state: started.stateCookie,
      sid: options.sid,
    });
    claims = {};
    return { res, sid: cookieValue(res, 'sid'), authorizeUrl: started.res.headers.location };
  }

  async function sessionUser(sid: string | undefined) {
    const res = await t.server.inject({
      method: 'GET',
      url: '/api/v1/users/check-session',
      headers: { cookie: `sid=${sid}` },
    });
    return res.json().user as
      | {
          _id: string;
          username: string;
          email: string;
          fullName: string;
          avatar: string;
          identityProviders: string[];
        }
      | undefined;
  }

  function countUsers() {
    return t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  return {
    idp,
    t,
    get clockOffset() {
      return clockOffset;
    },
    set clockOffset(ms: number) {
      clockOffset = ms;
    },
    get claims() {
      return claims;
    },
    set claims(next: Record<string, unknown>) {
      claims = next;
    },
    get tamper() {
      return tamper;
    },
    set tamper(next: ((body: IdTokenBody) => void) | undefined) {
      tamper = next;
    },
    get people() {
      return people;
    },
    googleAccount,
    start,
    authorize,
    callback,
    signInWithGoogle,
    sessionUser,
    countUsers,
    close: async () => {
      try {
        await t.close();
      } finally {
        await idp.stop();
      }
    },
  };
}
