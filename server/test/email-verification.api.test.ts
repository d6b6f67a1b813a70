import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './helpers/api-client.js';
import { pngImage, register, signedInUser, uniqueUser } from './helpers/fixtures.js';
import { mailApp, PUBLIC_URL, type manualClock } from './helpers/mail-app.js';
import { publish, uploadFields } from './helpers/media.js';
import { linkIn, type TestSmtpServer } from './helpers/smtp-server.js';
import type { TestApp } from './helpers/test-app.js';
import { insertVideo } from './helpers/video-rows.js';

let t: TestApp;
let smtp: TestSmtpServer;
let clock: ReturnType<typeof manualClock>;

beforeAll(async () => {
  ({ t, smtp, clock } = await mailApp({ requireEmailVerification: true }));
});
afterAll(async () => {
  await t.close();
});

const to = (address: string) => (m: { to: string[] }) => m.to.includes(address);
const verify = (token: string) => apiCall(t, 'POST', '/users/verify-email', { payload: { token } });
const me = async (cookie: string) =>
  (await apiCall(t, 'GET', '/users/check-session', { cookie })).json().user;

describe('email verification', () => {
  it('sends a link on sign-up, with the instance name, that confirms the address once', async () => {
    const user = await signedInUser(t.server, 'verify');
    expect((await me(user.cookie)).emailVerified).toBe(false);

    const mail = await smtp.waitFor(to(user.email));
    expect(mail.subject).toBe('Confirm your email address · Testshare');
    expect(mail.text).toContain('Testshare');
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(mail.html).toContain(link.href.replace(/&/g, '&amp;'));

    const res = await verify(link.searchParams.get('token')!);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email: user.email });
    expect((await me(user.cookie)).emailVerified).toBe(true);

    const again = await verify(link.searchParams.get('token')!);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already used/);
  });

  it('stores only a hash of the token', async () => {
    const user = await signedInUser(t.server, 'hashed');
    const token = linkIn(await smtp.waitFor(to(user.email)), '/verify-email').searchParams.get(
      'token',
    )!;
    const rows = await t.database.db.selectFrom('account_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses an expired link with 410 and an unknown one with 400', async () => {
    const user = await signedInUser(t.server, 'expiry');
    const token = linkIn(await smtp.waitFor(to(user.email)), '/verify-email').searchParams.get(
      'token',
    )!;
    clock.advance(48 * 3_600_000 + 1);
    const res = await verify(token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/expired/) });
    expect((await verify('not-a-token')).statusCode).toBe(400);
    expect((await verify('')).statusCode).toBe(400);
  });

  it('keeps unverified accounts from uploading and commenting, with a code to act on', async () => {
    const user = await signedInUser(t.server, 'gated');
    const owner = await signedInUser(t.server, 'owner');
    const video = await insertVideo(t, owner.user._id);

    const upload = await publish(t.server, user.cookie, await uploadFields());
    expect(upload.statusCode).toBe(403);
    expect(upload.json()).toMatchObject({ success: false, code: 'email_unverified' });
    expect(upload.json().message).toMatch(/confirm your email/i);
    expect(
      await t.database.db
        .selectFrom('videos')
        .select('id')
        .where('owner_id', '=', user.user._id)
        .execute(),
    ).toEqual([]);

    const comment = await apiCall(t, 'POST', `/comments/createcomments/u/${video}`, {
      cookie: user.cookie,
      payload: { content: 'Hello there' },
    });
    expect(comment.statusCode).toBe(403);
    expect(comment.json().code).toBe('email_unverified');

    // The owner confirms theirs and can comment; a reply to it is refused to the unverified.
    const ownerMail = await smtp.waitFor(to(owner.email));
    await verify(linkIn(ownerMail, '/verify-email').searchParams.get('token')!);
    const ok = await apiCall(t, 'POST', `/comments/createcomments/u/${video}`, {
      cookie: owner.cookie,
      payload: { content: 'First comment' },
    });
    expect(ok.statusCode).toBe(201);
    const reply = await apiCall(t, 'POST', `/comments/replycomment/u/${ok.json().data._id}`, {
      cookie: user.cookie,
      payload: { content: 'A reply here' },
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('email_unverified');

    // Reports are writes too: refused until the address is confirmed, nothing stored.
    const report = await apiCall(t, 'POST', '/reports', {
      cookie: user.cookie,
      payload: { targetType: 'video', targetId: video, reason: 'spam' },
    });
    expect(report.statusCode).toBe(403);
    expect(report.json().code).toBe('email_unverified');
    expect(await t.database.db.selectFrom('reports').select('id').execute()).toEqual([]);
  });

  it('sends the link again on request, signed in, and refuses once confirmed', async () => {
    const user = await signedInUser(t.server, 'resend');
    await smtp.waitFor(to(user.email));
    const before = smtp.messages.filter(to(user.email)).length;
    const res = await apiCall(t, 'POST', '/users/me/verify-email/resend', { cookie: user.cookie });
    expect(res.statusCode).toBe(202);
    await smtp.waitFor(
      (m) => to(user.email)(m) && smtp.messages.filter(to(user.email)).length > before,
    );
    const links = smtp.messages.filter(to(user.email)).map((m) => linkIn(m, '/verify-email'));
    expect(new Set(links.map((l) => l.href)).size).toBe(links.length);
    // Either link confirms the address.
    expect((await verify(links.at(-1)!.searchParams.get('token')!)).statusCode).toBe(200);
    const again = await apiCall(t, 'POST', '/users/me/verify-email/resend', {
      cookie: user.cookie,
    });
    expect(again.statusCode).toBe(400);
    expect((await apiCall(t, 'POST', '/users/me/verify-email/resend')).statusCode).toBe(401);
  });

  it('limits how often the link is sent again', async () => {
    const user = await signedInUser(t.server, 'flood');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await apiCall(t, 'POST', '/users/me/verify-email/resend', { cookie: user.cookie }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('says what the server offers', async () => {
    const res = await apiCall(t, 'GET', '/instance');
    expect(res.json().data).toEqual({
      name: 'Testshare',
      // The instance settings' (staff change them; the name's default is INSTANCE_NAME).
      description: '',
      registration: 'open',
      mail: true,
      emailVerificationRequired: true,
      google: false,
    });
  });

  it('does not send a link for a sign-up that failed', async () => {
    const fields = uniqueUser('failed');
    const res = await register(t.server, {
      ...fields,
      password: 'short',
      avatar: await pngImage(),
    });
    expect(res.statusCode).toBe(400);
    expect(
      await t.database.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', fields.email)
        .execute(),
    ).toEqual([]);
  });
});
