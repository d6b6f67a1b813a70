import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import sharp from 'sharp';
import { GOOGLE_SIGNIN_ERRORS } from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { pngImage, register, signedInUser, uniqueUser } from './helpers/fixtures.js';

const CLIENT_ID = 'vidshare-test-client';
const PUBLIC_URL = 'http://vidshare.test';

// A real OpenID Connect provider on a random local port: discovery, JWKS, an authorize
// endpoint that redirects back with a code, and a token endpoint that checks PKCE.
let idp: OAuth2Server;
let t: TestApp;
let clockOffset = 0;
/** Claims the provider puts into the next tokens it signs. */
let claims: Record<string, unknown> = {};
/** A last change to the next token response, for tests of broken ID tokens. */
let tamper: ((body: Record<string, unknown>) => void) | undefined;

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  idp.service.on('beforeTokenSigning', (token: MutableToken) => {
    Object.assign(token.payload, claims);
  });
  idp.service.on('beforeResponse', (response: { body: unknown }) => {
    tamper?.(response.body as Record<string, unknown>);
    tamper = undefined;
  });
  t = await createTestApp(
    {
      publicUrl: PUBLIC_URL,
      google: { clientId: CLIENT_ID, clientSecret: 'test-secret', issuerUrl: idp.issuer.url! },
    },
    { now: () => Date.now() + clockOffset },
  );
});
afterAll(async () => {
  await t?.close();
  await idp?.stop();
});

let people = 0;
/** A Google account: unique subject and email, verified, with a picture that is not fetched. */
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

function cookieValue(
  res: { cookies: { name: string; value: string }[] },
  name: string,
): string | undefined {
  return res.cookies.find((c) => c.name === name)?.value;
}

async function start(query = '', headers: Record<string, string> = {}) {
  const res = await t.server.inject({
    method: 'GET',
    url: `/api/v1/users/google/start${query}`,
    headers,
  });
  return { res, stateCookie: cookieValue(res, 'g_state') };
}

/** Follows the provider's authorize page the way a browser would: it answers with a redirect. */
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

/** The whole flow for one Google account: start, provider, callback. */
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
    { _id: string; username: string; email: string; fullName: string; avatar: string } | undefined;
}

function countUsers() {
  return t.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

describe('GET /users/auth-providers', () => {
  it('says Google is configured', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/v1/users/auth-providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { google: true } });
  });
});

describe('GET /users/google/start', () => {
  it('redirects to the provider with scope, offline access, forced consent, state, nonce and PKCE', async () => {
    const { res, stateCookie } = await start('?returnTo=%2Fwatch%2Fabc');
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer.url}/authorize`);
    const p = url.searchParams;
    expect(p.get('client_id')).toBe(CLIENT_ID);
    expect(p.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/users/google/login`);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('access_type')).toBe('offline');
    expect(p.get('prompt')).toBe('consent');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(p.get('state')).toBe(stateCookie);
    const cookie = res.cookies.find((c) => c.name === 'g_state');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/users/google',
    });
    // Kept server-side (hashed), not only in this process's memory.
    const rows = await t.database.db.selectFrom('oauth_flows').selectAll().execute();
    const row = rows.find((r) => r.return_to === '/watch/abc');
    expect(row).toBeDefined();
    expect(row!.state_hash).not.toBe(stateCookie);
    expect(row!.code_verifier).not.toBe(p.get('code_challenge'));
  });

  it('passes prompt=select_account through for Switch Account; anything else means consent', async () => {
    const chooser = await start('?prompt=select_account');
    expect(new URL(chooser.res.headers.location as string).searchParams.get('prompt')).toBe(
      'select_account',
    );
    const bogus = await start('?prompt=none');
    expect(bogus.res.statusCode).toBe(302);
    expect(new URL(bogus.res.headers.location as string).searchParams.get('prompt')).toBe(
      'consent',
    );
  });
});

describe('GET /users/google/login: accounts', () => {
  it('creates an account on first sign-in and lands where sign-in started', async () => {
    const before = await countUsers();
    const account = googleAccount({
      email: `Jane.Doe+videos${people}@Gmail.example`,
      name: 'Jane Doe',
    });
    const started = await start('?returnTo=%2Flikedvideos%3Fx%3D1');
    const back = await authorize(started.res.headers.location as string);
    claims = account;
    const res = await callback(`${back.pathname}${back.search}`, { g_state: started.stateCookie });
    claims = {};
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/likedvideos?x=1');
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The state cookie is spent.
    expect(res.cookies.find((c) => c.name === 'g_state')?.value).toBe('');

    const user = await sessionUser(sid!.value);
    expect(user).toMatchObject({
      username: 'jane.doe',
      email: String(account.email).toLowerCase(),
      fullName: 'Jane Doe',
    });
    expect(await countUsers()).toBe(before + 1);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user!._id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    // The picture was not https, so the generated avatar is stored instead.
    const avatar = await t.server.inject({ method: 'GET', url: user!.avatar });
    expect(avatar.statusCode).toBe(200);
    const meta = await sharp(avatar.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 320 });

    // A Google-only account has no password: password sign-in is the normal refusal.
    const login = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: 'jane.doe', password: 'anything at all' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Invalid username/email or password.');
  });

  it('signs a returning person into the same account, even after an email change', async () => {
    const account = googleAccount();
    const first = await signInWithGoogle(account);
    const firstUser = await sessionUser(first.sid);
    const before = await countUsers();
    const again = await signInWithGoogle({ ...account, email: `changed.${account.email}` });
    expect(again.res.statusCode).toBe(302);
    expect(again.res.headers.location).toBe('/');
    const user = await sessionUser(again.sid);
    expect(user?._id).toBe(firstUser!._id);
    expect(again.sid).not.toBe(first.sid);
    expect(await countUsers()).toBe(before);
  });

  it('links an existing password account with the same verified email instead of duplicating it', async () => {
    const fields = uniqueUser('linkme');
    const reg = await register(t.server, { ...fields, avatar: await pngImage() });
    expect(reg.statusCode).toBe(201);
    const existingId = reg.json().data.user._id as string;
    const before = await countUsers();

    const account = googleAccount({ email: fields.email.toUpperCase() });
    const { res, sid } = await signInWithGoogle(account);
    expect(res.statusCode).toBe(302);
    expect((await sessionUser(sid))?._id).toBe(existingId);
    expect(await countUsers()).toBe(before);
    const link = await t.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', existingId)
      .execute();
    expect(link).toMatchObject([{ provider: 'google', subject: account.sub }]);

    // The password still works, and the next Google sign-in finds the link.
    const login = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: fields.username, password: fields.password },
    });
    expect(login.statusCode).toBe(200);
    const again = await signInWithGoogle({ ...account, email: `other.${fields.email}` });
    expect((await sessionUser(again.sid))?._id).toBe(existingId);
  });

  it('derives a free username when the one from the email is taken', async () => {
    const fields = uniqueUser('taken');
    await register(t.server, { ...fields, avatar: await pngImage() });
    const account = googleAccount({ email: `${fields.username}@elsewhere.example` });
    const { sid } = await signInWithGoogle(account);
    const user = await sessionUser(sid);
    expect(user?.username).toMatch(new RegExp(`^${fields.username}-\\d{4}$`));
  });

  it('Switch Account: asks for the account chooser and replaces the current session', async () => {
    const current = await signedInUser(t.server, 'switcher');
    const other = googleAccount();
    const { res, sid, authorizeUrl } = await signInWithGoogle(other, {
      query: '?prompt=select_account&returnTo=%2Fchannels',
      sid: current.token,
    });
    expect(new URL(authorizeUrl as string).searchParams.get('prompt')).toBe('select_account');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/channels');
    const now = await sessionUser(sid);
    expect(now?.email).toBe(other.email);
    // The account switched away from is signed out on the server.
    expect(await sessionUser(current.token)).toBeUndefined();
  });

  it('keeps returnTo on this site', async () => {
    for (const evil of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/signin',
    ]) {
      const { res } = await signInWithGoogle(googleAccount(), {
        query: `?returnTo=${encodeURIComponent(evil)}`,
      });
      expect(res.headers.location).toBe('/');
    }
  });
});

describe('GET /users/google/login: failures land on /signin with a code', () => {
  const signinError = (code: keyof typeof GOOGLE_SIGNIN_ERRORS) => `/signin?error=${code}`;

  it('refuses a tampered state, a missing state cookie and a replayed callback', async () => {
    const before = await countUsers();
    const started = await start();
    const back = await authorize(started.res.headers.location as string);
    claims = googleAccount();

    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const bad = await callback(`${tampered.pathname}${tampered.search}`, {
      g_state: started.stateCookie,
    });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe(signinError('state'));
    expect(cookieValue(bad, 'sid')).toBeUndefined();

    const noCookie = await callback(`${back.pathname}${back.search}`, {});
    expect(noCookie.headers.location).toBe(signinError('state'));

    const good = await callback(`${back.pathname}${back.search}`, { g_state: started.stateCookie });
    expect(good.headers.location).toBe('/');
    const replay = await callback(`${back.pathname}${back.search}`, {
      g_state: started.stateCookie,
    });
    expect(replay.headers.location).toBe(signinError('state'));
    claims = {};
    expect(await countUsers()).toBe(before + 1);
  });

  it('refuses a state older than ten minutes', async () => {
    const started = await start();
    const back = await authorize(started.res.headers.location as string);
    clockOffset = 11 * 60 * 1000;
    try {
      const res = await callback(`${back.pathname}${back.search}`, {
        g_state: started.stateCookie,
      });
      expect(res.headers.location).toBe(signinError('state'));
    } finally {
      clockOffset = 0;
    }
  });

  it('explains a missing, unknown or expired code', async () => {
    const started = await start();
    const back = await authorize(started.res.headers.location as string);
    const missing = new URL(back);
    missing.searchParams.delete('code');
    const res = await callback(`${missing.pathname}${missing.search}`, {
      g_state: started.stateCookie,
    });
    expect(res.headers.location).toBe(signinError('code'));

    const again = await start();
    const back2 = await authorize(again.res.headers.location as string);
    const unknown = new URL(back2);
    unknown.searchParams.set('code', 'expired-or-made-up');
    const res2 = await callback(`${unknown.pathname}${unknown.search}`, {
      g_state: again.stateCookie,
    });
    expect(res2.statusCode).toBe(302);
    expect(res2.headers.location).toBe(signinError('code'));
  });

  it('explains denied consent', async () => {
    const started = await start();
    const state = new URL(started.res.headers.location as string).searchParams.get('state')!;
    const res = await callback(
      `/api/v1/users/google/login?error=access_denied&state=${encodeURIComponent(state)}`,
      { g_state: started.stateCookie },
    );
    expect(res.headers.location).toBe(signinError('denied'));
  });

  it('refuses an unverified or missing email and creates nothing', async () => {
    const before = await countUsers();
    for (const account of [
      googleAccount({ email_verified: false }),
      googleAccount({ email_verified: undefined }),
      googleAccount({ email: undefined }),
    ]) {
      const { res, sid } = await signInWithGoogle(account);
      expect(res.headers.location).toBe(signinError('unverified'));
      expect(sid).toBeUndefined();
    }
    expect(await countUsers()).toBe(before);
  });

  it('does not link an existing account to an unverified email', async () => {
    const u = await signedInUser(t.server, 'victim');
    const { res } = await signInWithGoogle(
      googleAccount({ email: u.email, email_verified: false }),
    );
    expect(res.headers.location).toBe(signinError('unverified'));
    const links = await t.database.db
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
      const { res, sid } = await signInWithGoogle(googleAccount(bad));
      expect(res.headers.location).toBe(signinError('failed'));
      expect(sid).toBeUndefined();
    }
    // A signature that does not verify against the provider's JWKS.
    tamper = (body) => {
      const [h, p, s] = String(body.id_token).split('.');
      body.id_token = `${h}.${p}.${s!.slice(0, -4)}${s!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    };
    const { res } = await signInWithGoogle(googleAccount());
    expect(res.headers.location).toBe(signinError('failed'));
    // A nonce from another request.
    const { res: nonce } = await signInWithGoogle(googleAccount({ nonce: 'not-the-one-sent' }));
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
