import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './helpers/api-client.js';
import { multipart, pngImage, register, signedInUser, uniqueUser } from './helpers/fixtures.js';
import { mailApp, type manualClock } from './helpers/mail-app.js';
import { linkIn, type TestSmtpServer } from './helpers/smtp-server.js';
import { listFiles, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let smtp: TestSmtpServer;
let clock: ReturnType<typeof manualClock>;

beforeAll(async () => {
  ({ t, smtp, clock } = await mailApp());
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string) =>
  apiCall(t, 'POST', '/users/login', { payload: { username, password } });
const session = (cookie: string) => apiCall(t, 'GET', '/users/check-session', { cookie });
const channel = (name: string, cookie: string) => apiCall(t, 'GET', `/users/c/${name}`, { cookie });

describe('PATCH /users/me', () => {
  it('saves full name and bio as JSON, shown in the channel profile', async () => {
    const user = await signedInUser(t.server, 'profile');
    const res = await apiCall(t, 'PATCH', '/users/me', {
      cookie: user.cookie,
      payload: { fullName: 'Ada Lovelace', bio: 'I write notes\non engines.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      fullName: 'Ada Lovelace',
      bio: 'I write notes\non engines.',
    });
    const profile = await channel(user.username, user.cookie);
    expect(profile.json().data).toMatchObject({
      fullName: 'Ada Lovelace',
      bio: 'I write notes\non engines.',
    });
    // Only the fields given change.
    await apiCall(t, 'PATCH', '/users/me', { cookie: user.cookie, payload: { bio: '' } });
    expect((await channel(user.username, user.cookie)).json().data).toMatchObject({
      fullName: 'Ada Lovelace',
      bio: '',
    });
  });

  it('refuses bad fields and a visitor', async () => {
    const user = await signedInUser(t.server, 'badprofile');
    const long = await apiCall(t, 'PATCH', '/users/me', {
      cookie: user.cookie,
      payload: { bio: 'x'.repeat(1001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toMatchObject({ field: 'bio' });
    const empty = await apiCall(t, 'PATCH', '/users/me', {
      cookie: user.cookie,
      payload: { fullName: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect((await apiCall(t, 'PATCH', '/users/me', { payload: { bio: 'hi' } })).statusCode).toBe(
      401,
    );
  });

  it('replaces the avatar and cover by multipart and removes the old files', async () => {
    const user = await signedInUser(t.server, 'pictures');
    const before = (await session(user.cookie)).json().user;
    const body = multipart({
      fullName: 'Pictured',
      avatar: await pngImage(80, 80),
      coverImage: await pngImage(300, 100),
    });
    const res = await t.server.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      ...body,
      headers: { ...body.headers, cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data.user;
    expect(after.fullName).toBe('Pictured');
    expect(after.avatar).not.toBe(before.avatar);
    expect(after.coverImage).toMatch(/^\/media\/images\/.+\.webp$/);
    const files = await listFiles(t.mediaDir);
    expect(files).toContain(after.avatar.replace('/media/', ''));
    expect(files).not.toContain(before.avatar.replace('/media/', ''));
    const bad = multipart({
      avatar: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('not an image') },
    });
    const refused = await t.server.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      ...bad,
      headers: { ...bad.headers, cookie: user.cookie },
    });
    expect(refused.statusCode).toBe(415);
    expect(await listFiles(t.mediaDir)).toEqual(files);
  });
});

describe('POST /users/change-password', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const user = await signedInUser(t.server, 'changepw');
    const other = await login(user.username, user.password);
    const otherCookie = `sid=${other.cookies.find((c) => c.name === 'sid')!.value}`;
    const wrong = await apiCall(t, 'POST', '/users/change-password', {
      cookie: user.cookie,
      payload: { currentPassword: 'not my password', newPassword: 'a different secret' },
    });
    expect(wrong.statusCode).toBe(401);
    // About the password typed: the form has no username or address to be wrong.
    expect(wrong.json().message).toBe('The password is incorrect.');
    const weak = await apiCall(t, 'POST', '/users/change-password', {
      cookie: user.cookie,
      payload: { currentPassword: user.password, newPassword: 'password123' },
    });
    expect(weak.statusCode).toBe(400);
    const res = await apiCall(t, 'POST', '/users/change-password', {
      cookie: user.cookie,
      payload: { currentPassword: user.password, newPassword: 'a different secret' },
    });
    expect(res.statusCode).toBe(200);
    expect((await session(user.cookie)).json().isAuthenticated).toBe(true);
    expect((await session(otherCookie)).json().isAuthenticated).toBe(false);
    expect((await login(user.username, 'a different secret')).statusCode).toBe(200);
    const notice = await smtp.waitFor(
      (m) => m.to.includes(user.email) && m.subject.startsWith('Your password was changed'),
    );
    expect(notice.text).toContain('Testshare');
  });
});

describe('POST /users/me/email', () => {
  it('changes the address once the link sent to it is followed, and tells the old one', async () => {
    const user = await signedInUser(t.server, 'mover');
    const newAddress = `new-${user.email}`;
    const noPassword = await apiCall(t, 'POST', '/users/me/email', {
      cookie: user.cookie,
      payload: { email: newAddress },
    });
    expect(noPassword.statusCode).toBe(400);
    const res = await apiCall(t, 'POST', '/users/me/email', {
      cookie: user.cookie,
      payload: { email: newAddress, password: user.password },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toEqual({ pending: true });
    expect((await session(user.cookie)).json().user.email).toBe(user.email);

    const notice = await smtp.waitFor(
      (m) =>
        m.to.includes(user.email) && m.subject.startsWith('Your email address is being changed'),
    );
    expect(notice.text).toContain(newAddress);
    const mail = await smtp.waitFor((m) => m.to.includes(newAddress));
    const token = linkIn(mail, '/verify-email').searchParams.get('token')!;
    const done = await apiCall(t, 'POST', '/users/verify-email', { payload: { token } });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.email).toBe(newAddress);
    const me = (await session(user.cookie)).json().user;
    expect(me).toMatchObject({ email: newAddress, emailVerified: true });
    expect((await login(newAddress, user.password)).statusCode).toBe(200);
  });

  it('refuses a wrong password, a used link and an expired one, and keeps the address', async () => {
    const user = await signedInUser(t.server, 'relinker');
    const wrong = await apiCall(t, 'POST', '/users/me/email', {
      cookie: user.cookie,
      payload: { email: `wrong-${user.email}`, password: 'not my password' },
    });
    expect(wrong.statusCode).toBe(401);

    const first = `first-${user.email}`;
    await apiCall(t, 'POST', '/users/me/email', {
      cookie: user.cookie,
      payload: { email: first, password: user.password },
    });
    const mail = await smtp.waitFor((m) => m.to.includes(first));
    const token = linkIn(mail, '/verify-email').searchParams.get('token')!;
    expect(
      (await apiCall(t, 'POST', '/users/verify-email', { payload: { token } })).statusCode,
    ).toBe(200);
    const reuse = await apiCall(t, 'POST', '/users/verify-email', { payload: { token } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toMatch(/already used/);

    const late = `late-${user.email}`;
    await apiCall(t, 'POST', '/users/me/email', {
      cookie: user.cookie,
      payload: { email: late, password: user.password },
    });
    const lateMail = await smtp.waitFor((m) => m.to.includes(late));
    const lateToken = linkIn(lateMail, '/verify-email').searchParams.get('token')!;
    clock.advance(48 * 3_600_000 + 1);
    const expired = await apiCall(t, 'POST', '/users/verify-email', {
      payload: { token: lateToken },
    });
    expect(expired.statusCode).toBe(410);
    expect((await session(user.cookie)).json().user.email).toBe(first);
  });

  it('refuses an address another account has, before and when the link is followed', async () => {
    const a = await signedInUser(t.server, 'adr');
    const b = await signedInUser(t.server, 'bdr');
    const taken = await apiCall(t, 'POST', '/users/me/email', {
      cookie: a.cookie,
      payload: { email: b.email, password: a.password },
    });
    expect(taken.statusCode).toBe(409);
    const wanted = `wanted-${a.email}`;
    await apiCall(t, 'POST', '/users/me/email', {
      cookie: a.cookie,
      payload: { email: wanted, password: a.password },
    });
    await apiCall(t, 'POST', '/users/me/email', {
      cookie: b.cookie,
      payload: { email: wanted, password: b.password },
    });
    const first = await smtp.waitFor((m) => m.to.includes(wanted));
    await smtp.waitFor((m) => m.to.includes(wanted) && m !== first);
    const [la, lb] = smtp.messages
      .filter((m) => m.to.includes(wanted))
      .map((m) => linkIn(m, '/verify-email').searchParams.get('token')!);
    expect(
      (await apiCall(t, 'POST', '/users/verify-email', { payload: { token: la } })).statusCode,
    ).toBe(200);
    expect(
      (await apiCall(t, 'POST', '/users/verify-email', { payload: { token: lb } })).statusCode,
    ).toBe(409);
  });
});

describe('POST /users/me/username', () => {
  it('renames, and the old name leads to the channel for 30 days while nobody can take it', async () => {
    const user = await signedInUser(t.server, 'renamer');
    const viewer = await signedInUser(t.server, 'looker');
    const old = user.username;
    const next = `${old}x`;
    const res = await apiCall(t, 'POST', '/users/me/username', {
      cookie: user.cookie,
      payload: { username: next.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.username).toBe(next);

    const moved = await channel(old, viewer.cookie);
    expect(moved.statusCode).toBe(308);
    expect(moved.headers.location).toBe(`/api/v1/users/c/${next}`);
    expect(moved.json().data).toEqual({ username: next });
    expect((await channel(next, viewer.cookie)).json().data.username).toBe(next);

    // Reserved: no sign-up or rename may take it meanwhile.
    const grab = await apiCall(t, 'POST', '/users/me/username', {
      cookie: viewer.cookie,
      payload: { username: old },
    });
    expect(grab.statusCode).toBe(409);
    const signUp = await register(t.server, {
      ...uniqueUser('grabber'),
      username: old,
      avatar: await pngImage(),
    });
    expect(signUp.statusCode).toBe(409);
    expect(signUp.json().errors).toEqual([
      { field: 'username', message: 'This username is already taken.' },
    ]);

    clock.advance(30 * 86_400_000 + 1);
    // Sessions went idle meanwhile: sign in again.
    const fresh = await login(viewer.username, viewer.password);
    const cookie = `sid=${fresh.cookies.find((c) => c.name === 'sid')!.value}`;
    expect((await channel(old, cookie)).statusCode).toBe(404);
    await t.app.services.account.prune();
    const later = await apiCall(t, 'POST', '/users/me/username', {
      cookie,
      payload: { username: old },
    });
    expect(later.statusCode).toBe(200);
  });

  it('lets the owner take their old name back, and refuses a taken or invalid one', async () => {
    const user = await signedInUser(t.server, 'backer');
    const other = await signedInUser(t.server, 'holder');
    const old = user.username;
    await apiCall(t, 'POST', '/users/me/username', {
      cookie: user.cookie,
      payload: { username: `${old}y` },
    });
    const back = await apiCall(t, 'POST', '/users/me/username', {
      cookie: user.cookie,
      payload: { username: old },
    });
    expect(back.statusCode).toBe(200);
    expect((await channel(`${old}y`, other.cookie)).statusCode).toBe(308);
    expect(
      (
        await apiCall(t, 'POST', '/users/me/username', {
          cookie: user.cookie,
          payload: { username: other.username },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await apiCall(t, 'POST', '/users/me/username', {
          cookie: user.cookie,
          payload: { username: 'no spaces' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
