import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_LINK_MESSAGES } from '@contract';
import {
  cookieValue,
  createOidcTestProvider,
  type OidcTestProvider,
} from './helpers/oidc-test-provider.js';
import { pngImage, register, uniqueUser } from './helpers/fixtures.js';

// Someone registers with another person's email (addresses are never verified at sign-up).
// When that person later signs in with Google, they must not land in the squatter's account:
// nothing is signed in until they prove the account is theirs, or take a separate account.
let g: OidcTestProvider;
beforeAll(async () => {
  g = await createOidcTestProvider();
});
afterAll(async () => {
  await g?.close();
});

async function squattedAccount() {
  const fields = uniqueUser('squat');
  const reg = await register(g.t.server, { ...fields, avatar: await pngImage() });
  expect(reg.statusCode).toBe(201);
  return { ...fields, id: reg.json().data.user._id as string };
}
const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object) =>
  g.t.server.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { cookie: `g_link=${token}` } : {},
    ...(payload ? { payload } : {}),
  });
const identitiesOf = (userId: string) =>
  g.t.database.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).execute();
const sessionsOf = (userId: string) =>
  g.t.database.db.selectFrom('sessions').select('user_id').where('user_id', '=', userId).execute();

describe('a Google sign-in whose email an unlinked account already uses', () => {
  it('signs nothing in, links nothing, and sends the browser to the linking page', async () => {
    const squat = await squattedAccount();
    const account = g.googleAccount({ email: squat.email });
    const { res, sid } = await g.signInWithGoogle(account);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/signin/google-link');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sid).toBeFalsy();
    const cookie = res.cookies.find((c) => c.name === 'g_link');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/v1/users/google',
    });
    expect(await identitiesOf(squat.id)).toEqual([]);
    expect(await sessionsOf(squat.id)).toEqual([]);

    const pending = await call('GET', '/users/google/link', cookie!.value);
    expect(pending.statusCode).toBe(200);
    expect(pending.headers['cache-control']).toBe('no-store');
    expect(pending.json().data).toEqual({
      email: squat.email,
      username: squat.username,
      canLinkWithPassword: true,
    });
    // Without the cookie (another browser) there is nothing.
    const none = await call('GET', '/users/google/link', undefined);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(GOOGLE_LINK_MESSAGES.expired);
  });

  it('links only with the right password, counting wrong ones against the account', async () => {
    const owner = await squattedAccount();
    const account = g.googleAccount({ email: owner.email });
    const token = cookieValue((await g.signInWithGoogle(account)).res, 'g_link');
    const wrong = await call('POST', '/users/google/link', token, { password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(cookieValue(wrong, 'sid')).toBeFalsy();
    const failures = await g.t.database.db
      .selectFrom('login_failures')
      .select('failures')
      .where('account', '=', `user:${owner.id}`)
      .executeTakeFirst();
    expect(failures?.failures).toBe(1);
    expect(await identitiesOf(owner.id)).toEqual([]);

    const right = await call('POST', '/users/google/link', token, { password: owner.password });
    expect(right.statusCode).toBe(200);
    expect(right.headers['cache-control']).toBe('no-store');
    // The linked account now says it signs in with Google too.
    expect(right.json().data.user).toMatchObject({
      _id: owner.id,
      username: owner.username,
      identityProviders: ['google'],
    });
    expect((await g.sessionUser(cookieValue(right, 'sid')))?._id).toBe(owner.id);
    expect(await identitiesOf(owner.id)).toMatchObject([{ subject: account.sub }]);
    // Used once.
    expect((await call('GET', '/users/google/link', token)).statusCode).toBe(404);
    expect(
      (await call('POST', '/users/google/link', token, { password: owner.password })).statusCode,
    ).toBe(404);
    // From now on Google signs straight in.
    const again = await g.signInWithGoogle(account);
    expect(again.res.headers.location).toBe('/');
    expect((await g.sessionUser(again.sid))?._id).toBe(owner.id);
  });

  it('creates a separate account under another email instead, leaving the squatted one alone', async () => {
    const squat = await squattedAccount();
    const account = g.googleAccount({ email: squat.email, name: 'Real Owner' });
    const token = cookieValue(
      (await g.signInWithGoogle(account, { query: '?returnTo=%2Flikedvideos' })).res,
      'g_link',
    );
    const taken = await call('POST', '/users/google/link/separate', token, { email: squat.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([
      { field: 'email', message: 'This email is already registered.' },
    ]);
    const bad = await call('POST', '/users/google/link/separate', token, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);

    const fresh = `real.owner.${Date.now()}@elsewhere.example`;
    const made = await call('POST', '/users/google/link/separate', token, { email: fresh });
    expect(made.statusCode).toBe(200);
    const user = made.json().data.user;
    expect(made.json().data.returnTo).toBe('/likedvideos');
    expect(user).toMatchObject({ email: fresh, fullName: 'Real Owner' });
    expect(user._id).not.toBe(squat.id);
    expect((await g.sessionUser(cookieValue(made, 'sid')))?._id).toBe(user._id);
    const row = await g.t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user._id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(await identitiesOf(user._id)).toMatchObject([{ subject: account.sub }]);
    expect(await identitiesOf(squat.id)).toEqual([]);
    // The next Google sign-in lands in the separate account.
    const again = await g.signInWithGoogle(account);
    expect((await g.sessionUser(again.sid))?._id).toBe(user._id);
  });

  it('offers only a separate account when the existing account has no password', async () => {
    // A Google-only account, made by another Google account with the same address.
    const email = `shared.${Date.now()}@gmail.example`;
    const first = await g.signInWithGoogle(g.googleAccount({ email }));
    const firstUser = await g.sessionUser(first.sid);
    const second = await g.signInWithGoogle(g.googleAccount({ email }));
    expect(second.res.headers.location).toBe('/signin/google-link');
    const token = cookieValue(second.res, 'g_link');
    const pending = await call('GET', '/users/google/link', token);
    expect(pending.json().data).toMatchObject({ canLinkWithPassword: false });
    const tried = await call('POST', '/users/google/link', token, { password: 'anything at all' });
    expect(tried.statusCode).toBe(409);
    expect(tried.json().message).toBe(GOOGLE_LINK_MESSAGES.noPassword);
    expect(await identitiesOf(firstUser!._id)).toHaveLength(1);
  });

  it('expires after ten minutes and signs out the account a Switch Account left', async () => {
    const squat = await squattedAccount();
    const other = await g.signInWithGoogle(g.googleAccount());
    const { res } = await g.signInWithGoogle(g.googleAccount({ email: squat.email }), {
      sid: other.sid,
    });
    expect(res.headers.location).toBe('/signin/google-link');
    expect(await g.sessionUser(other.sid)).toBeUndefined();
    const token = cookieValue(res, 'g_link');
    g.clockOffset = 11 * 60 * 1000;
    try {
      const late = await call('POST', '/users/google/link', token, { password: squat.password });
      expect(late.statusCode).toBe(404);
    } finally {
      g.clockOffset = 0;
    }
  });
});
