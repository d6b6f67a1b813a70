import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, register, uniqueUser } from './helpers/fixtures.js';
import {
  cookieValue,
  createOidcTestProvider,
  PUBLIC_URL,
  type OidcTestProvider,
} from './helpers/oidc-test-provider.js';
import { linkIn, startSmtpServer, type TestSmtpServer } from './helpers/smtp-server.js';

// Which addresses count as confirmed when Google is involved: Google vouches for the address
// of the Google account (its ID token says `email_verified`), never for one typed here. With
// mail on (a real SMTP server on loopback) and REQUIRE_EMAIL_VERIFICATION, so it matters.
let g: OidcTestProvider;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  g = await createOidcTestProvider({
    mail: { smtpUrl: smtp.url, from: 'Test <no-reply@vidshare.test>' },
    requireEmailVerification: true,
  });
});
afterAll(async () => {
  await g?.close();
  await smtp?.close();
});

const linkCall = (url: string, token: string | undefined, payload: object) =>
  g.t.server.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { cookie: `g_link=${token}` },
    payload,
  });
/** A comment needs a confirmed address here: 403 `email_unverified` otherwise, 404 on no video. */
const mayComment = async (sid: string | undefined) => {
  const res = await g.t.server.inject({
    method: 'POST',
    url: '/api/v1/comments/createcomments/u/0123456789abcdef01234567',
    headers: { cookie: `sid=${sid}` },
    payload: { content: 'Hello there' },
  });
  return res.json().code !== 'email_unverified';
};
const sessionOf = async (sid: string | undefined) =>
  (
    await g.t.server.inject({
      method: 'GET',
      url: '/api/v1/users/check-session',
      headers: { cookie: `sid=${sid}` },
    })
  ).json().user as { _id: string; email: string; emailVerified: boolean };

describe('addresses Google vouches for', () => {
  it('an account made by a Google sign-in starts confirmed, with nothing to confirm by mail', async () => {
    const person = g.googleAccount();
    const { sid } = await g.signInWithGoogle(person);
    const user = await sessionOf(sid);
    expect(user).toMatchObject({ email: person.email, emailVerified: true });
    expect(await mayComment(sid)).toBe(true);
    const resend = await g.t.server.inject({
      method: 'POST',
      url: '/api/v1/users/me/verify-email/resend',
      headers: { cookie: `sid=${sid}` },
    });
    expect(resend.statusCode).toBe(400);
    expect(smtp.messages.filter((m) => m.to.includes(person.email))).toEqual([]);
  });

  it('linking Google to an account with the same address confirms that address', async () => {
    const fields = uniqueUser('tolink');
    const reg = await register(g.t.server, { ...fields, avatar: await pngImage() });
    expect(reg.statusCode).toBe(201);
    const signIn = await g.t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: fields.username, password: fields.password },
    });
    const passwordSid = cookieValue(signIn, 'sid');
    expect(await sessionOf(passwordSid)).toMatchObject({ emailVerified: false });
    expect(await mayComment(passwordSid)).toBe(false);

    const pending = await g.signInWithGoogle(g.googleAccount({ email: fields.email }));
    const linked = await linkCall('/users/google/link', cookieValue(pending.res, 'g_link'), {
      password: fields.password,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.user).toMatchObject({ emailVerified: true });
    expect(await sessionOf(passwordSid)).toMatchObject({ emailVerified: true });
    expect(await mayComment(passwordSid)).toBe(true);
  });

  it('a separate account under an address typed here is not confirmed until its link is followed', async () => {
    const squat = uniqueUser('squatted');
    expect((await register(g.t.server, { ...squat, avatar: await pngImage() })).statusCode).toBe(
      201,
    );
    const pending = await g.signInWithGoogle(g.googleAccount({ email: squat.email }));
    const typed = `separate.${squat.email}`;
    const made = await linkCall('/users/google/link/separate', cookieValue(pending.res, 'g_link'), {
      email: typed,
    });
    expect(made.statusCode).toBe(200);
    const sid = cookieValue(made, 'sid');
    expect(await sessionOf(sid)).toMatchObject({ email: typed, emailVerified: false });
    expect(await mayComment(sid)).toBe(false);

    const mail = await smtp.waitFor((m) => m.to.includes(typed));
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe(PUBLIC_URL);
    const confirmed = await g.t.server.inject({
      method: 'POST',
      url: '/api/v1/users/verify-email',
      payload: { token: link.searchParams.get('token') },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await sessionOf(sid)).toMatchObject({ emailVerified: true });
    expect(await mayComment(sid)).toBe(true);
  });
});
