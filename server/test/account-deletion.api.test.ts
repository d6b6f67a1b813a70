import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { countDrift, rowsMentioning } from './helpers/account-traces.js';
import {
  accountDeletionApp,
  mediaKey,
  personCalls,
  prefixOf,
  traces,
} from './helpers/account-deletion-app.js';
import { apiCall } from './helpers/api-client.js';
import { multipart, pngImage, signedInUser } from './helpers/fixtures.js';
import type { manualClock } from './helpers/mail-app.js';
import { publishVideo } from './helpers/media.js';
import { turnOnTwoFactor } from './helpers/two-factor.js';
import type { TestSmtpServer } from './helpers/smtp-server.js';
import { listFiles, type TestApp } from './helpers/test-app.js';

/**
 * Deleting one's own account: refused without the password, and then every row and file of
 * it goes while everyone else's counts stay right. Deletion racing other requests:
 * account-deletion-races.
 */
let t: TestApp;
let smtp: TestSmtpServer;
let clock: ReturnType<typeof manualClock>;

beforeAll(async () => {
  ({ t, smtp, clock } = await accountDeletionApp());
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const { deleteAccount, like, comment, reply, subscribe } = personCalls(() => t);

describe('DELETE /users/me', () => {
  it('refuses a visitor, a missing or wrong password, and keeps everything', async () => {
    const keeper = await signedInUser(t.server, 'keeper');
    const visitor = await apiCall(t, 'DELETE', '/users/me', { payload: { password: 'x' } });
    expect(visitor.statusCode).toBe(401);
    const missing = await deleteAccount(keeper, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'password', message: 'Your password is required.' },
    ]);
    const wrong = await deleteAccount(keeper, 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The password is incorrect.');
    const tooLong = await deleteAccount(keeper, 'x'.repeat(500));
    expect(tooLong.statusCode).toBe(400);
    const me = await apiCall(t, 'GET', '/users/check-session', { cookie: keeper.cookie });
    expect(me.json().isAuthenticated).toBe(true);
    expect(await rowsMentioning(t.database, [keeper.user._id])).not.toEqual([]);
  });

  it('removes every row and file of the account, and other people’s counts stay right', async () => {
    const leaver = await signedInUser(t.server, 'leaver');
    const other = await signedInUser(t.server, 'stayer');
    const cover = multipart({ coverImage: await pngImage(320, 90) });
    expect(
      (
        await t.server.inject({
          method: 'PATCH',
          url: '/api/v1/users/me',
          payload: cover.payload,
          headers: { ...cover.headers, cookie: leaver.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const own = await publishVideo(t, leaver.cookie, { title: 'Soon gone video' });
    const theirs = await publishVideo(t, other.cookie, { title: 'Staying video' });
    expect(own.status).toBe('ready');

    // The leaver's traces on the other's video and channel...
    expect((await like(leaver, 'Video', theirs._id)).statusCode).toBe(200);
    const top = (await comment(leaver, theirs._id, 'My comment here')).json().data;
    await reply(other, top._id, 'A reply to it');
    await like(other, 'Comment', top._id);
    const kept = (await comment(other, theirs._id, 'Owner comment')).json().data;
    const myReply = (await reply(leaver, kept._id, 'My reply here')).json().data;
    await like(leaver, 'Comment', kept._id);
    await like(other, 'Comment', myReply._id);
    await subscribe(leaver, other.user._id);
    await apiCall(t, 'POST', `/videos/increaseviews/${theirs._id}`, { cookie: leaver.cookie });
    await apiCall(t, 'POST', `/videos/${theirs._id}/progress`, {
      cookie: leaver.cookie,
      payload: { position: 1 },
    });
    // ...the other's on the leaver's...
    await subscribe(other, leaver.user._id);
    await like(other, 'Video', own._id);
    const onOwn = (await comment(other, own._id, 'Nice video')).json().data;
    await apiCall(t, 'POST', `/videos/increaseviews/${own._id}`, { cookie: other.cookie });
    // ...and the account's own settings: two-factor, a new username, an address change whose
    // link is still waiting to be delivered, an export.
    await turnOnTwoFactor(t, leaver.cookie, clock.now);
    const oldName = leaver.username;
    const newName = `${oldName}x`;
    const renamed = await apiCall(t, 'POST', '/users/me/username', {
      cookie: leaver.cookie,
      payload: { username: newName },
    });
    expect(renamed.statusCode).toBe(200);
    smtp.refuseNext(1, 451);
    const newAddress = `moved.${leaver.email}`;
    const moved = await apiCall(t, 'POST', '/users/me/email', {
      cookie: leaver.cookie,
      payload: { email: newAddress, password: leaver.password },
    });
    expect(moved.statusCode).toBe(202);
    expect(
      (await apiCall(t, 'GET', '/users/me/export', { cookie: leaver.cookie })).statusCode,
    ).toBe(200);
    await deleteAccount(leaver, 'a wrong password');

    const session = (
      await apiCall(t, 'GET', '/users/check-session', { cookie: leaver.cookie })
    ).json().user;
    const pictures = [mediaKey(session.avatar), mediaKey(session.coverImage)];
    const needles = traces(leaver, [newName, newAddress, own._id, top._id, myReply._id]);
    const before = await rowsMentioning(t.database, needles);
    const tables = new Set(before.map((r) => r.slice(0, r.indexOf(':'))));
    for (const table of [
      'users',
      'sessions',
      'videos',
      'comments',
      'likes',
      'subscriptions',
      'subscription_events',
      'watch_history',
      'watch_progress',
      'video_views',
      'video_view_guards',
      'totp_recovery_codes',
      'username_redirects',
      'account_tokens',
      'mail_outbox',
      'rate_limits',
      'login_failures',
    ]) {
      expect(tables, table).toContain(table);
    }
    const filesBefore = await listFiles(t.mediaDir);
    expect(filesBefore).toEqual(expect.arrayContaining(pictures));
    expect(filesBefore.filter((f) => f.startsWith(prefixOf(own.videoFile))).length).toBeGreaterThan(
      5,
    );
    const othersFiles = filesBefore.filter(
      (f) => !pictures.includes(f) && !f.startsWith(`videos/${own._id}/`),
    );

    const res = await deleteAccount(leaver);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Your account was deleted.' });
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');

    expect(await rowsMentioning(t.database, needles)).toEqual([]);
    expect(await listFiles(t.mediaDir)).toEqual(othersFiles);
    expect(await countDrift(t.database)).toEqual([]);

    const session2 = await apiCall(t, 'GET', '/users/check-session', { cookie: leaver.cookie });
    expect(session2.json().isAuthenticated).toBe(false);
    const signIn = await apiCall(t, 'POST', '/users/login', {
      payload: { username: leaver.email, password: leaver.password },
    });
    expect(signIn.statusCode).toBe(401);
    for (const name of [newName, oldName]) {
      const channel = await apiCall(t, 'GET', `/users/c/${name}`, { cookie: other.cookie });
      expect(channel.statusCode).toBe(404);
    }
    const gone = await apiCall(t, 'GET', `/videos/vid-id/${own._id}`, { cookie: other.cookie });
    expect(gone.statusCode).toBe(404);
    expect((await like(other, 'Comment', onOwn._id)).statusCode).toBe(404);

    const video: Video & { likesCount: number } = (
      await apiCall(t, 'GET', `/videos/vid-id/${theirs._id}`, { cookie: other.cookie })
    ).json().data;
    expect(video.likesCount).toBe(0);
    // Views it made stay counted.
    expect(video.views).toBe(1);
    const comments = (
      await apiCall(t, 'GET', `/comments/getvideocomments/u/${theirs._id}`, {
        cookie: other.cookie,
      })
    ).json();
    expect(comments.totalComments).toBe(1);
    expect(comments.data).toMatchObject([
      { _id: kept._id, content: 'Owner comment', likesCount: 0, replies: [] },
    ]);
    const otherMe = (
      await apiCall(t, 'GET', '/users/check-session', { cookie: other.cookie })
    ).json().user;
    expect(otherMe.subscribersCount).toBe(0);
    const liked = (
      await apiCall(t, 'GET', '/toggle/getlikedvideos', { cookie: other.cookie })
    ).json();
    expect(liked.totalVideoLikes).toBe(0);
    const subs = (
      await apiCall(t, 'GET', `/subscriptions/c/${other.user._id}`, { cookie: other.cookie })
    ).json();
    expect(subs.data).toEqual([]);
  });

  it('lets a username and an address be taken again at once', async () => {
    const leaver = await signedInUser(t.server, 'reuse');
    expect((await deleteAccount(leaver)).statusCode).toBe(200);
    const again = await signedInUser(t.server, 'reuse');
    const res = await apiCall(t, 'POST', '/users/me/username', {
      cookie: again.cookie,
      payload: { username: leaver.username },
    });
    expect(res.statusCode).toBe(200);
    const address = await apiCall(t, 'POST', '/users/me/email', {
      cookie: again.cookie,
      payload: { email: leaver.email, password: again.password },
    });
    expect(address.statusCode).toBe(202);
  });
});
