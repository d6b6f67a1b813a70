import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@contract';
import { rowsMentioning } from './helpers/account-traces.js';
import { pngImage, register, uniqueUser } from './helpers/fixtures.js';
import {
  cookieValue,
  createOidcTestProvider,
  type OidcTestProvider,
} from './helpers/oidc-test-provider.js';

// An account made by Google sign-in has no password: it proves itself for deletion by a
// Google sign-in made in the last 10 minutes (a real OpenID Connect provider on loopback,
// helpers/oidc-test-provider.ts, and the app's clock moved by the test).
let g: OidcTestProvider;
beforeAll(async () => {
  g = await createOidcTestProvider();
});
afterAll(async () => {
  await g?.close();
});

const MINUTE = 60_000;

const deleteAccount = (sid: string | undefined, payload: object = {}) =>
  g.t.server.inject({
    method: 'DELETE',
    url: '/api/v1/users/me',
    headers: { cookie: `sid=${sid}` },
    payload,
  });

describe('DELETE /users/me for an account that signs in with Google only', () => {
  it('needs a Google sign-in of the last 10 minutes, then removes the account and its link', async () => {
    const person = g.googleAccount();
    const first = await g.signInWithGoogle(person);
    const user = (await g.sessionUser(first.sid))!;
    expect(user.identityProviders).toEqual(['google']);

    try {
      // Eleven minutes later the sign-in is no longer fresh, whatever password is sent.
      g.clockOffset = 11 * MINUTE;
      for (const payload of [{}, { password: 'anything at all' }]) {
        const stale = await deleteAccount(first.sid, payload);
        expect(stale.statusCode).toBe(403);
        expect(stale.json()).toMatchObject({
          success: false,
          message: ACCOUNT_MESSAGES.freshGoogleSignIn,
        });
      }
      expect(await g.sessionUser(first.sid)).toMatchObject({ _id: user._id });

      // Signing in with Google again (the same person, the same account) makes it fresh.
      const again = await g.signInWithGoogle(person, { query: '?returnTo=%2Fsettings' });
      expect(again.res.headers.location).toBe('/settings');
      expect((await g.sessionUser(again.sid))?._id).toBe(user._id);
      g.clockOffset = 20 * MINUTE;
      const res = await deleteAccount(again.sid);
      expect(res.statusCode).toBe(200);
      expect(cookieValue(res, 'sid')).toBe('');
    } finally {
      g.clockOffset = 0;
    }

    expect(await g.sessionUser(first.sid)).toBeUndefined();
    expect(await rowsMentioning(g.t.database, [user._id, user.email, person.sub])).toEqual([]);
    // The same Google account later makes a new, empty account.
    const back = await g.signInWithGoogle(person);
    const fresh = await g.sessionUser(back.sid);
    expect(fresh?._id).toBeDefined();
    expect(fresh?._id).not.toBe(user._id);
  });

  it('asks an account that has a password as well for the password, not a Google sign-in', async () => {
    const fields = uniqueUser('both');
    const reg = await register(g.t.server, { ...fields, avatar: await pngImage() });
    expect(reg.statusCode).toBe(201);
    const pending = await g.signInWithGoogle(g.googleAccount({ email: fields.email }));
    const linked = await g.t.server.inject({
      method: 'POST',
      url: '/api/v1/users/google/link',
      headers: { cookie: `g_link=${cookieValue(pending.res, 'g_link')}` },
      payload: { password: fields.password },
    });
    expect(linked.statusCode).toBe(200);
    const sid = cookieValue(linked, 'sid');
    expect((await g.sessionUser(sid))?.identityProviders).toEqual(['google']);

    const without = await deleteAccount(sid);
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual([
      { field: 'password', message: 'Your password is required.' },
    ]);
    expect((await deleteAccount(sid, { password: 'not the password' })).statusCode).toBe(401);
    expect((await deleteAccount(sid, { password: fields.password })).statusCode).toBe(200);
    expect(await rowsMentioning(g.t.database, [reg.json().data.user._id, fields.email])).toEqual(
      [],
    );
  });
});
