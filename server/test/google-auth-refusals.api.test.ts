import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_SIGNIN_ERRORS } from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import {
  cookieValue,
  createOidcTestProvider,
  type OidcTestProvider,
} from './helpers/oidc-test-provider.js';
import { signedInUser } from './helpers/fixtures.js';

// A real OpenID Connect provider on a random local port: discovery, JWKS, an authorize
// endpoint that redirects back with a code, and a token endpoint that checks PKCE
// (see helpers/oidc-test-provider.ts). This file: what is refused, and an app without Google.
let g: OidcTestProvider;

beforeAll(async () => {
  g = await createOidcTestProvider();
});
afterAll(async () => {
  await g?.close();
});

describe('GET /users/google/login: failures land on /signin with a code', () => {
  const signinError = (code: keyof typeof GOOGLE_SIGNIN_ERRORS) => `/signin?error=${code}`;

  it('refuses a tampered state, a missing state cookie and a replayed callback', async () => {
    const before = await g.countUsers();
    const started = await g.start();
    const back = await g.authorize(started.res.headers.location as string);
    g.claims = g.googleAccount();

    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const bad = await g.callback(`${tampered.pathname}${tampered.search}`, {
      g_state: started.stateCookie,
    });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe(signinError('state'));
    expect(cookieValue(bad, 'sid')).toBeUndefined();

    const noCookie = await g.callback(`${back.pathname}${back.search}`, {});
    expect(noCookie.headers.location).toBe(signinError('state'));

    const good = await g.callback(`${back.pathname}${back.search}`, {
      g_state: started.stateCookie,
    });
    expect(good.headers.location).toBe('/');
    const replay = await g.callback(`${back.pathname}${back.search}`, {
      g_state: started.stateCookie,
    });
    expect(replay.headers.location).toBe(signinError('state'));
    g.claims = {};
    expect(await g.countUsers()).toBe(before + 1);
  });

  it('refuses a state older than ten minutes', async () => {
    const started = await g.start();
    const back = await g.authorize(started.res.headers.location as string);
    g.clockOffset = 11 * 60 * 1000;
    try {
      const res = await g.callback(`${back.pathname}${back.search}`, {
        g_state: started.stateCookie,
      });
      expect(res.headers.location).toBe(signinError('state'));
    } finally {
      g.clockOffset = 0;
    }
  });

  it('explains a missing, unknown or expired code', async () => {
    const started = await g.start();
    const back = await g.authorize(started.res.headers.location as string);
    const missing = new URL(back);
    missing.searchParams.delete('code');
    const res = await g.callback(`${missing.pathname}${missing.search}`, {
      g_state: started.stateCookie,
    });
    expect(res.headers.location).toBe(signinError('code'));

    const again = await g.start();
    const back2 = await g.authorize(again.res.headers.location as string);
    const unknown = new URL(back2);
    unknown.searchParams.set('code', 'expired-or-made-up');
    const res2 = await g.callback(`${unknown.pathname}${unknown.search}`, {
      g_state: again.stateCookie,
    });
    expect(res2.statusCode).toBe(302);
    expect(res2.headers.location).toBe(signinError('code'));
  });

  it('explains denied consent', async () => {
    const started = await g.start();
    const state = new URL(started.res.headers.location as string).searchParams.get('state')!;
    const res = await g.callback(
      `/api/v1/users/google/login?error=access_denied&state=${encodeURIComponent(state)}`,
      { g_state: started.stateCookie },
    );
    expect(res.headers.location).toBe(signinError('denied'));
  });

  it('refuses an unverified or missing email and creates nothing', async () => {
    const before = await g.countUsers();
    for (const account of [
      g.googleAccount({ email_verified: false }),
      g.googleAccount({ email_verified: undefined }),
      g.googleAccount({ email: undefined }),
    ]) {
      const { res, sid } = await g.signInWithGoogle(account);
      expect(res.headers.location).toBe(signinError('unverified'));
      expect(sid).toBeUndefined();
    }
    expect(await g.countUsers()).toBe(before);
  });

  it('does not link an existing account to an unverified email', async () => {
    const u = await signedInUser(g.t.server, 'victim');
    const { res } = await g.signInWithGoogle(
      g.googleAccount({ email: u.email, email_verified: false }),
    );
    expect(res.headers.location).toBe(signinError('unverified'));
    const links = await g.t.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', u.user._id)
      .execute();
    expect(links).toEqual([]);
  });

  it('verifies the ID token: audience, issuer, expiry and signature', async () => {
    const broken: [string, Record<string, unknown>][] = [
      ['audience', { aud: 'some-other-client' }],
      ['issuer', { iss: 'https://impostor.example' }],
      [
        'expiry',
        { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 },
      ],
    ];
    for (const [, bad] of broken) {
      const { res, sid } = await g.signInWithGoogle(g.googleAccount(bad));
      expect(res.headers.location).toBe(signinError('failed'));
      expect(sid).toBeUndefined();
    }
    // A signature that does not verify against the provider's JWKS.
    g.tamper = (body) => {
      const [h, p, s] = String(body.id_token).split('.');
      body.id_token = `${h}.${p}.${s!.slice(0, -4)}${s!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    };
    const { res } = await g.signInWithGoogle(g.googleAccount());
    expect(res.headers.location).toBe(signinError('failed'));
    // A nonce from another request.
    const { res: nonce } = await g.signInWithGoogle(g.googleAccount({ nonce: 'not-the-one-sent' }));
    expect(nonce.headers.location).toBe(signinError('failed'));
  });
});

describe('not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('says google:false and every Google route explains itself on /signin', async () => {
    const providers = await plain.server.inject({
      method: 'GET',
      url: '/api/v1/users/auth-providers',
    });
    expect(providers.json()).toMatchObject({ success: true, data: { google: false } });
    for (const url of [
      '/api/v1/users/google/start?returnTo=/home',
      '/api/v1/users/google/login?code=x&state=y',
    ]) {
      const res = await plain.server.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/signin?error=unavailable');
    }
    expect(GOOGLE_SIGNIN_ERRORS.unavailable).toMatch(/not available/);
  });
});
