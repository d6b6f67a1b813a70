import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  CLIENT_ID,
  cookieValue,
  createOidcTestProvider,
  PUBLIC_URL,
  type OidcTestProvider,
} from './helpers/oidc-test-provider.js';
import { pngImage, register, signedInUser, uniqueUser } from './helpers/fixtures.js';

// A real OpenID Connect provider on a random local port: discovery, JWKS, an authorize
// endpoint that redirects back with a code, and a token endpoint that checks PKCE
// (see helpers/oidc-test-provider.ts). This file: the flows that succeed.
let g: OidcTestProvider;

beforeAll(async () => {
  g = await createOidcTestProvider();
});
afterAll(async () => {
  await g?.close();
});

describe('GET /users/auth-providers', () => {
  it('says Google is configured', async () => {
    const res = await g.t.server.inject({ method: 'GET', url: '/api/v1/users/auth-providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { google: true } });
  });
});

describe('GET /users/google/start', () => {
  it('redirects to the provider with scope, offline access, forced consent, state, nonce and PKCE', async () => {
    const { res, stateCookie } = await g.start('?returnTo=%2Fwatch%2Fabc');
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${g.idp.issuer.url}/authorize`);
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
    const rows = await g.t.database.db.selectFrom('oauth_flows').selectAll().execute();
    const row = rows.find((r) => r.return_to === '/watch/abc');
    expect(row).toBeDefined();
    expect(row!.state_hash).not.toBe(stateCookie);
    expect(row!.code_verifier).not.toBe(p.get('code_challenge'));
  });

  it('passes prompt=select_account through for Switch Account; anything else means consent', async () => {
    const chooser = await g.start('?prompt=select_account');
    expect(new URL(chooser.res.headers.location as string).searchParams.get('prompt')).toBe(
      'select_account',
    );
    const bogus = await g.start('?prompt=none');
    expect(bogus.res.statusCode).toBe(302);
    expect(new URL(bogus.res.headers.location as string).searchParams.get('prompt')).toBe(
      'consent',
    );
  });
});

describe('GET /users/google/login: accounts', () => {
  it('creates an account on first sign-in and lands where sign-in started', async () => {
    const before = await g.countUsers();
    const account = g.googleAccount({
      email: `Jane.Doe+videos${g.people}@Gmail.example`,
      name: 'Jane Doe',
    });
    const started = await g.start('?returnTo=%2Flikedvideos%3Fx%3D1');
    const back = await g.authorize(started.res.headers.location as string);
    g.claims = account;
    const res = await g.callback(`${back.pathname}${back.search}`, {
      g_state: started.stateCookie,
    });
    g.claims = {};
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/likedvideos?x=1');
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The state cookie is spent.
    expect(res.cookies.find((c) => c.name === 'g_state')?.value).toBe('');

    const user = await g.sessionUser(sid!.value);
    expect(user).toMatchObject({
      username: 'jane.doe',
      email: String(account.email).toLowerCase(),
      fullName: 'Jane Doe',
      identityProviders: ['google'],
    });
    expect(await g.countUsers()).toBe(before + 1);
    const row = await g.t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user!._id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    // The picture was not https, so the generated avatar is stored instead.
    const avatar = await g.t.server.inject({ method: 'GET', url: user!.avatar });
    expect(avatar.statusCode).toBe(200);
    const meta = await sharp(avatar.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 320 });

    // A Google-only account has no password: password sign-in is the normal refusal.
    const login = await g.t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: 'jane.doe', password: 'anything at all' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Invalid username/email or password.');
  });

  it('signs a returning person into the same account, even after an email change', async () => {
    const account = g.googleAccount();
    const first = await g.signInWithGoogle(account);
    const firstUser = await g.sessionUser(first.sid);
    const before = await g.countUsers();
    const again = await g.signInWithGoogle({ ...account, email: `changed.${account.email}` });
    expect(again.res.statusCode).toBe(302);
    expect(again.res.headers.location).toBe('/');
    const user = await g.sessionUser(again.sid);
    expect(user?._id).toBe(firstUser!._id);
    expect(again.sid).not.toBe(first.sid);
    expect(await g.countUsers()).toBe(before);
  });

  it('links an existing password account with the same email only after its password', async () => {
    const fields = uniqueUser('linkme');
    const reg = await register(g.t.server, { ...fields, avatar: await pngImage() });
    expect(reg.statusCode).toBe(201);
    const existingId = reg.json().data.user._id as string;
    const before = await g.countUsers();

    const account = g.googleAccount({ email: fields.email.toUpperCase() });
    const { res, sid } = await g.signInWithGoogle(account, { query: '?returnTo=%2Fchannels' });
    // Not signed in: the account may not be this person's (addresses are never verified).
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/signin/google-link');
    expect(sid).toBeFalsy();
    const token = cookieValue(res, 'g_link')!;
    const link = await g.t.server.inject({
      method: 'POST',
      url: '/api/v1/users/google/link',
      headers: { cookie: `g_link=${token}` },
      payload: { password: fields.password },
    });
    expect(link.statusCode).toBe(200);
    expect(link.json().data).toMatchObject({ user: { _id: existingId }, returnTo: '/channels' });
    const linkedSid = cookieValue(link, 'sid');
    expect((await g.sessionUser(linkedSid))?._id).toBe(existingId);
    expect(await g.countUsers()).toBe(before);
    const rows = await g.t.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', existingId)
      .execute();
    expect(rows).toMatchObject([{ provider: 'google', subject: account.sub }]);

    // The password still works, and the next Google sign-in finds the link.
    const login = await g.t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: fields.username, password: fields.password },
    });
    expect(login.statusCode).toBe(200);
    const again = await g.signInWithGoogle({ ...account, email: `other.${fields.email}` });
    expect((await g.sessionUser(again.sid))?._id).toBe(existingId);
  });

  it('derives a free username when the one from the email is taken', async () => {
    const fields = uniqueUser('taken');
    await register(g.t.server, { ...fields, avatar: await pngImage() });
    const account = g.googleAccount({ email: `${fields.username}@elsewhere.example` });
    const { sid } = await g.signInWithGoogle(account);
    const user = await g.sessionUser(sid);
    expect(user?.username).toMatch(new RegExp(`^${fields.username}-\\d{4}$`));
  });

  it('Switch Account: asks for the account chooser and replaces the current session', async () => {
    const current = await signedInUser(g.t.server, 'switcher');
    const other = g.googleAccount();
    const { res, sid, authorizeUrl } = await g.signInWithGoogle(other, {
      query: '?prompt=select_account&returnTo=%2Fchannels',
      sid: current.token,
    });
    expect(new URL(authorizeUrl as string).searchParams.get('prompt')).toBe('select_account');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/channels');
    const now = await g.sessionUser(sid);
    expect(now?.email).toBe(other.email);
    // The account switched away from is signed out on the server.
    expect(await g.sessionUser(current.token)).toBeUndefined();
  });

  it('keeps returnTo on this site', async () => {
    for (const evil of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/signin',
    ]) {
      const { res } = await g.signInWithGoogle(g.googleAccount(), {
        query: `?returnTo=${encodeURIComponent(evil)}`,
      });
      expect(res.headers.location).toBe('/');
    }
  });
});
