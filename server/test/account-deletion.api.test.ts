import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { totpCode } from '../src/lib/totp.js';
import { CommentRepository } from '../src/repositories/comment.repository.js';
import { LikeRepository } from '../src/repositories/like.repository.js';
import { countDrift, rowsMentioning } from './helpers/account-traces.js';
import { apiCall } from './helpers/api-client.js';
import { multipart, pngImage, signedInUser } from './helpers/fixtures.js';
import { GatedStore } from './helpers/gated-store.js';
import { manualClock, PUBLIC_URL } from './helpers/mail-app.js';
import { publish, publishVideo, uploadFields } from './helpers/media.js';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';

// The app with mail on (so the account has mail waiting and links out), on local storage that
// can hold a request at a known point. The same account deletion on S3 and for Google-only
// accounts: account-deletion-s3 and account-deletion-google.
let t: TestApp;
let smtp: TestSmtpServer;
let store: GatedStore;
const clock = manualClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { publicUrl: PUBLIC_URL, mail: { smtpUrl: smtp.url, from: 'Test <no-reply@vidshare.test>' } },
    { now: clock.now },
    { blobs: (dir) => (store = new GatedStore(dir)) },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Person = Awaited<ReturnType<typeof signedInUser>>;

/** With the person's password, another one, or none at all (null). */
const deleteAccount = (who: Person, password: string | null = who.password) =>
  apiCall(t, 'DELETE', '/users/me', {
    cookie: who.cookie,
    payload: password === null ? {} : { password },
  });
const like = (who: Person, type: 'Video' | 'Comment', id: string) =>
  apiCall(t, 'POST', `/toggle/like-dislike/${id}/like`, {
    cookie: who.cookie,
    payload: { contentType: type },
  });
const comment = (who: Person, videoId: string, content: string) =>
  apiCall(t, 'POST', `/comments/createcomments/u/${videoId}`, {
    cookie: who.cookie,
    payload: { content },
  });
const reply = (who: Person, commentId: string, content: string) =>
  apiCall(t, 'POST', `/comments/replycomment/u/${commentId}`, {
    cookie: who.cookie,
    payload: { content },
  });
const subscribe = (who: Person, channelId: string) =>
  apiCall(t, 'POST', `/subscriptions/u/${channelId}`, { cookie: who.cookie });
const mediaKey = (url: string) => url.replace(/^.*\/media\//, '');
const prefixOf = (url: string) => mediaKey(url).slice(0, mediaKey(url).lastIndexOf('/') + 1);

/** What names the person: their id, addresses and usernames (the old ones too). */
const traces = (who: Person, more: string[] = []) => [
  who.user._id,
  who.email,
  who.username,
  ...more,
];

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
    const setup = (await apiCall(t, 'POST', '/users/me/totp', { cookie: leaver.cookie })).json()
      .data;
    const on = await apiCall(t, 'POST', '/users/me/totp/confirm', {
      cookie: leaver.cookie,
      payload: { code: totpCode(setup.secret, clock.now()) },
    });
    expect(on.statusCode).toBe(200);
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

describe('DELETE /users/me while other requests run', () => {
  it('removes a video uploaded while the deletion ran, in a second round', async () => {
    const leaver = await signedInUser(t.server, 'lateupload');
    expect((await publish(t.server, leaver.cookie, await uploadFields())).statusCode).toBe(201);
    // An upload already past its session check, held before it stores anything.
    const upload = store.hold('putFile');
    const uploading = publish(t.server, leaver.cookie, await uploadFields({ title: 'Late one' }));
    await upload.reached;
    // The deletion stops while removing the first video's files; the upload then finishes.
    const removing = store.hold('delete');
    const deleting = deleteAccount(leaver);
    await removing.reached;
    upload.release();
    expect((await uploading).statusCode).toBe(201);
    removing.release();
    expect((await deleting).statusCode).toBe(200);
    expect(await rowsMentioning(t.database, traces(leaver))).toEqual([]);
    expect((await listFiles(t.mediaDir)).filter((f) => f.startsWith('videos/'))).toEqual(
      await othersVideoFiles(leaver),
    );
    expect(await countDrift(t.database)).toEqual([]);
  });

  it('refuses an upload or a new picture that arrives after the account is gone, keeping no file', async () => {
    const leaver = await signedInUser(t.server, 'toolate');
    const avatar = mediaKey(
      (await apiCall(t, 'GET', '/users/check-session', { cookie: leaver.cookie })).json().user
        .avatar,
    );
    const filesBefore = await listFiles(t.mediaDir);
    expect(filesBefore).toContain(avatar);
    const upload = store.hold('putFile');
    const uploading = publish(t.server, leaver.cookie, await uploadFields());
    await upload.reached;
    const picture = store.hold('putBuffer');
    const body = multipart({ avatar: await pngImage(100, 100) });
    const changing = t.server.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      payload: body.payload,
      headers: { ...body.headers, cookie: leaver.cookie },
    });
    await picture.reached;
    expect((await deleteAccount(leaver)).statusCode).toBe(200);
    upload.release();
    picture.release();
    const late = await uploading;
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ success: false, statusCode: 409 });
    expect((await changing).statusCode).toBe(401);
    expect(await rowsMentioning(t.database, traces(leaver))).toEqual([]);
    expect(await listFiles(t.mediaDir)).toEqual(filesBefore.filter((f) => f !== avatar));
  });

  it('keeps every count right while others like, comment and subscribe during the deletion', async () => {
    const leaver = await signedInUser(t.server, 'busyleaver');
    const owner = await signedInUser(t.server, 'busyowner');
    const crowd = await Promise.all([1, 2, 3].map((n) => signedInUser(t.server, `crowd${n}`)));
    const own = await publishVideo(t, leaver.cookie, { title: 'Popular soon gone' });
    const theirs = await publishVideo(t, owner.cookie, { title: 'Popular staying' });
    const mine = (await comment(leaver, theirs._id, 'Leaver comment')).json().data;
    const ownersComment = (await comment(owner, theirs._id, 'Owner comment')).json().data;
    await like(leaver, 'Video', theirs._id);
    await like(leaver, 'Comment', ownersComment._id);
    for (const p of crowd) {
      await like(p, 'Video', own._id);
      await like(p, 'Comment', mine._id);
    }

    const activity: Promise<{ statusCode: number }>[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const p of crowd) {
        activity.push(
          like(p, 'Video', own._id),
          like(p, 'Video', theirs._id),
          like(p, 'Comment', mine._id),
          like(p, 'Comment', ownersComment._id),
          comment(p, own._id, `Comment ${round}`),
          reply(p, mine._id, `Reply ${round}`),
          subscribe(p, leaver.user._id),
        );
      }
      // The leaver's own requests, already under way when the deletion starts.
      activity.push(like(leaver, 'Video', theirs._id), comment(leaver, theirs._id, 'Late'));
    }
    const deletion = deleteAccount(leaver);
    const answers = await Promise.all(activity);
    expect((await deletion).statusCode).toBe(200);
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);

    expect(await countDrift(t.database)).toEqual([]);
    expect(await rowsMentioning(t.database, traces(leaver, [own._id, mine._id]))).toEqual([]);
    const video = (
      await apiCall(t, 'GET', `/videos/vid-id/${theirs._id}`, { cookie: owner.cookie })
    ).json().data;
    const likers = await t.database.db
      .selectFrom('likes')
      .select('user_id')
      .where('target_type', '=', 'Video')
      .where('target_id', '=', theirs._id)
      .where('kind', '=', 'like')
      .execute();
    expect(video.likesCount).toBe(likers.length);
    expect(likers.map((l) => l.user_id)).not.toContain(leaver.user._id);
    for (const p of crowd) {
      const liked = (
        await apiCall(t, 'GET', '/toggle/getlikedvideos', { cookie: p.cookie })
      ).json();
      expect(liked.totalVideoLikes).toBe(liked.data.length);
    }
  });
});

describe('a like racing a delete', () => {
  it('writes nothing when the video or comment went between the check and the write', async () => {
    // The like service checks the target, then toggles in a transaction that takes the
    // video's lock (every delete takes it first): what matters is what that transaction does
    // when the target is gone by the time it holds the lock.
    const liker = await signedInUser(t.server, 'racer');
    const owner = await signedInUser(t.server, 'raced');
    const video = (await publish(t.server, owner.cookie, await uploadFields())).json().data;
    const top = await t.database.db
      .insertInto('comments')
      .values({
        id: 'c0ffee0000000000000000aa',
        video_id: video._id,
        owner_id: owner.user._id,
        parent_id: null,
        content: 'Gone soon',
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const likes = new LikeRepository(t.database.db);
    await new CommentRepository(t.database.db).deleteWithReplies(top.id);
    expect(
      (await apiCall(t, 'DELETE', `/videos/deletevid/${video._id}`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    for (const targetType of ['Video', 'Comment'] as const) {
      const targetId = targetType === 'Video' ? video._id : top.id;
      const answer = await likes.toggle(
        { userId: liker.user._id, targetType, targetId },
        'like',
        clock.now(),
      );
      expect(answer).toBeUndefined();
    }
    expect(await rowsMentioning(t.database, [video._id, top.id])).toEqual([]);
    expect(await countDrift(t.database)).toEqual([]);
  });
});

/** Every stored video file that is not the person's: those of the other accounts' videos. */
async function othersVideoFiles(who: Person): Promise<string[]> {
  const theirs = await t.database.db
    .selectFrom('videos')
    .select('id')
    .where('owner_id', '<>', who.user._id)
    .execute();
  const ids = new Set(theirs.map((v) => v.id));
  return (await listFiles(t.mediaDir)).filter(
    (f) => f.startsWith('videos/') && ids.has(f.split('/')[1]!),
  );
}
