import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcTestProvider, type OidcTestProvider } from './helpers/oidc-test-provider.js';
import { pngImage, register, uniqueUser } from './helpers/fixtures.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';
import { listFiles } from './helpers/test-app.js';

/**
 * Registration modes set by an admin, applied at once: open (the default), approval (sign-ups
 * wait for a moderator, and cannot sign in until approved) and closed; Google sign-in follows
 * the same modes.
 */
let g: OidcTestProvider;
let admin: SignedIn;
let moderator: SignedIn;

beforeAll(async () => {
  g = await createOidcTestProvider();
  admin = await staffUser(g.t, 'admin');
  moderator = await staffUser(g.t, 'moderator');
});
afterAll(async () => {
  await g?.close();
});

const setMode = async (registration: 'open' | 'approval' | 'closed') => {
  const res = await call(g.t, 'PATCH', '/admin/settings', {
    cookie: admin.cookie,
    body: { registration },
  });
  expect(res.statusCode).toBe(200);
};

const signUp = async () => {
  const fields = uniqueUser('mode');
  return { fields, res: await register(g.t.server, { ...fields, avatar: await pngImage() }) };
};

const login = (username: string, password: string) =>
  call(g.t, 'POST', '/users/login', { body: { username, password } });

describe('registration modes', () => {
  it('is open by default, as before', async () => {
    expect((await call(g.t, 'GET', '/instance')).json().data.registration).toBe('open');
    const { fields, res } = await signUp();
    expect(res.statusCode).toBe(201);
    expect((await login(fields.username, fields.password)).statusCode).toBe(200);
  });

  it('holds sign-ups for approval: 202, sign-in refused until a moderator approves', async () => {
    await setMode('approval');
    expect((await call(g.t, 'GET', '/instance')).json().data.registration).toBe('approval');
    const { fields, res } = await signUp();
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('Your account is waiting for a moderator’s approval.');
    const id = res.json().data.user._id as string;

    const refused = await login(fields.username, fields.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This account is waiting for a moderator’s approval. You can sign in once it is approved.',
    );
    expect((await login(fields.username, 'a wrong password here')).statusCode).toBe(401);

    // Staff see it in the pending list, with the count.
    const pending = await call(g.t, 'GET', '/admin/users?state=pending', {
      cookie: moderator.cookie,
    });
    expect(pending.json().pendingCount).toBe(1);
    expect(pending.json().data.map((u: { _id: string }) => u._id)).toEqual([id]);
    const dashboard = await call(g.t, 'GET', '/admin/dashboard', { cookie: moderator.cookie });
    expect(dashboard.json().data.users.pending).toBe(1);

    const approved = await call(g.t, 'POST', `/admin/users/${id}/approve`, {
      cookie: moderator.cookie,
    });
    expect(approved.statusCode).toBe(200);
    expect((await login(fields.username, fields.password)).statusCode).toBe(200);
    const entry = await call(g.t, 'GET', '/admin/audit?action=user.approve', {
      cookie: admin.cookie,
    });
    expect(entry.json().data[0]).toMatchObject({
      targetId: id,
      actor: { _id: moderator.user._id },
    });
  });

  it('refuses sign-ups while closed, with a message, storing nothing', async () => {
    await setMode('closed');
    const files = await listFiles(g.t.mediaDir);
    const before = await g.countUsers();
    const { res } = await signUp();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Sign-ups are closed on this instance.',
    });
    expect(await g.countUsers()).toBe(before);
    expect(await listFiles(g.t.mediaDir)).toEqual(files);
    // Existing accounts still sign in.
    expect((await login(admin.username, admin.password)).statusCode).toBe(200);
  });
});

describe('Google sign-in follows the registration mode', () => {
  it('makes no account while closed, and lands on the sign-in card saying so', async () => {
    await setMode('closed');
    const before = await g.countUsers();
    const { res, sid } = await g.signInWithGoogle(g.googleAccount());
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/signin?error=registration_closed');
    expect(sid).toBeUndefined();
    expect(await g.countUsers()).toBe(before);
  });

  it('holds a new Google account for approval, then signs it in once approved', async () => {
    await setMode('approval');
    const account = g.googleAccount();
    const first = await g.signInWithGoogle(account);
    expect(first.res.headers.location).toBe('/signin?error=pending');
    expect(first.sid).toBeUndefined();
    const pending = await call(g.t, 'GET', '/admin/users?state=pending', {
      cookie: moderator.cookie,
    });
    const made = (pending.json().data as { _id: string; email: string }[]).find(
      (u) => u.email === String(account.email).toLowerCase(),
    );
    expect(made).toBeDefined();
    // Signing in again before approval makes no second account.
    const again = await g.signInWithGoogle(account);
    expect(again.res.headers.location).toBe('/signin?error=pending');
    await call(g.t, 'POST', `/admin/users/${made!._id}/approve`, { cookie: moderator.cookie });
    const approved = await g.signInWithGoogle(account);
    expect(approved.res.headers.location).toBe('/');
    expect((await g.sessionUser(approved.sid))?._id).toBe(made!._id);
  });

  it('refuses a suspended account’s Google sign-in', async () => {
    await setMode('open');
    const account = g.googleAccount();
    const first = await g.signInWithGoogle(account);
    const user = await g.sessionUser(first.sid);
    await call(g.t, 'POST', `/admin/users/${user!._id}/suspend`, {
      cookie: moderator.cookie,
      body: { reason: 'Spam' },
    });
    expect(await g.sessionUser(first.sid)).toBeUndefined();
    const again = await g.signInWithGoogle(account);
    expect(again.res.headers.location).toBe('/signin?error=suspended');
    expect(again.sid).toBeUndefined();
  });
});
