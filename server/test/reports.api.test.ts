import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';
import { insertVideo } from './helpers/video-rows.js';

/** Reports of videos, comments and channels, and how staff read and decide them. */
let t: TestApp;
let reporter: SignedIn;
let creator: SignedIn;
let moderator: SignedIn;
let videoId: string;
let commentId: string;

beforeAll(async () => {
  t = await createTestApp();
  reporter = await signedInUser(t.server, 'reporter');
  creator = await signedInUser(t.server, 'creator');
  moderator = await staffUser(t, 'moderator');
  videoId = await insertVideo(t, creator.user._id, { title: 'Totally real giveaway' });
  commentId = (
    await call(t, 'POST', `/comments/createcomments/u/${videoId}`, {
      cookie: creator.cookie,
      body: { content: 'Click my link for free coins '.repeat(12) },
    })
  ).json().data._id;
});
afterAll(async () => {
  await t.close();
});

const report = (body: object, cookie = reporter.cookie) =>
  call(t, 'POST', '/reports', { cookie, body });

describe('POST /reports', () => {
  it('files a report (201) for signed-in users only', async () => {
    expect((await call(t, 'POST', '/reports', { body: {} })).statusCode).toBe(401);
    const res = await report({ targetType: 'video', targetId: videoId, reason: 'spam' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      targetType: 'video',
      targetId: videoId,
      reason: 'spam',
      details: null,
      state: 'open',
    });
  });

  it('keeps one open report per reporter and target: a repeat answers the open one', async () => {
    const first = await report({
      targetType: 'comment',
      targetId: commentId,
      reason: 'harassment',
    });
    expect(first.statusCode).toBe(201);
    const again = await report({ targetType: 'comment', targetId: commentId, reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(first.json().data._id);
    // Concurrent repeats still make one.
    const many = await Promise.all(
      Array.from({ length: 5 }, () =>
        report({ targetType: 'channel', targetId: creator.user._id, reason: 'copyright' }),
      ),
    );
    expect(many.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(many.map((r) => r.json().data._id)).size).toBe(1);
    // Another reporter's report of the same target is its own.
    const other = await signedInUser(t.server, 'second');
    expect(
      (await report({ targetType: 'video', targetId: videoId, reason: 'spam' }, other.cookie))
        .statusCode,
    ).toBe(201);
  });

  it('requires details for "other", and refuses bad input with the field named', async () => {
    const noDetails = await report({ targetType: 'video', targetId: videoId, reason: 'other' });
    expect(noDetails.statusCode).toBe(400);
    expect(noDetails.json().errors).toContainEqual({
      field: 'details',
      message: 'Tell us what is wrong when the reason is "Other".',
    });
    const withDetails = await report({
      targetType: 'video',
      targetId: videoId,
      reason: 'other',
      details: '  It is a scam  ',
    });
    // The open report of this video is answered: one per target.
    expect(withDetails.statusCode).toBe(200);
    for (const body of [
      { targetType: 'playlist', targetId: videoId, reason: 'spam' },
      { targetType: 'video', targetId: 'nope', reason: 'spam' },
      { targetType: 'video', targetId: videoId, reason: 'boring' },
      { targetType: 'video', targetId: videoId, reason: 'other', details: 'x'.repeat(1001) },
    ]) {
      expect((await report(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('reports only what the reporter can see, and never their own content', async () => {
    const hidden = await insertVideo(t, creator.user._id, { visibility: 'private' });
    expect(
      (await report({ targetType: 'video', targetId: hidden, reason: 'spam' })).statusCode,
    ).toBe(404);
    expect(
      (await report({ targetType: 'video', targetId: '0123456789abcdef01234567', reason: 'spam' }))
        .statusCode,
    ).toBe(404);
    const own = await report(
      { targetType: 'video', targetId: videoId, reason: 'spam' },
      creator.cookie,
    );
    expect(own.statusCode).toBe(400);
    const self = await report({
      targetType: 'channel',
      targetId: reporter.user._id,
      reason: 'spam',
    });
    expect(self.statusCode).toBe(400);
  });
});

describe('staff and reports', () => {
  it('lists open reports oldest first, with what each is about and who reported it', async () => {
    const res = await call(t, 'GET', '/admin/reports', { cookie: moderator.cookie });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      targetType: string;
      target: {
        text: string;
        owner: { username: string };
        videoId: string | null;
        hidden: boolean;
      };
      reporter: { _id: string };
    }[];
    expect(data.map((r) => r.targetType)).toEqual(['video', 'comment', 'channel', 'video']);
    expect(data[0]!.target).toEqual({
      text: 'Totally real giveaway',
      owner: { _id: creator.user._id, username: creator.username },
      videoId: null,
      hidden: false,
    });
    expect(data[1]!.target.text.length).toBe(201);
    expect(data[1]!.target.text.endsWith('…')).toBe(true);
    expect(data[1]!.target.videoId).toBe(videoId);
    expect(data[2]!.target.text).toBe(creator.fullName);
    expect(data[0]!.reporter._id).toBe(reporter.user._id);
    const comments = await call(t, 'GET', '/admin/reports?targetType=comment', {
      cookie: moderator.cookie,
    });
    expect(comments.json().total).toBe(1);
  });

  it('resolves and dismisses once, with a note, logged; the reporter may report again after', async () => {
    const open = (await call(t, 'GET', '/admin/reports', { cookie: moderator.cookie })).json()
      .data as { _id: string; targetType: string }[];
    const video = open.find((r) => r.targetType === 'video')!;
    const channel = open.find((r) => r.targetType === 'channel')!;
    const resolved = await call(t, 'POST', `/admin/reports/${video._id}/resolve`, {
      cookie: moderator.cookie,
      body: { note: 'Blocked the video' },
    });
    expect(resolved.statusCode).toBe(200);
    const twice = await call(t, 'POST', `/admin/reports/${video._id}/dismiss`, {
      cookie: moderator.cookie,
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await call(t, 'POST', `/admin/reports/${channel._id}/dismiss`, { cookie: moderator.cookie }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(t, 'POST', '/admin/reports/0123456789abcdef01234567/resolve', {
          cookie: moderator.cookie,
        })
      ).statusCode,
    ).toBe(404);

    const done = (
      await call(t, 'GET', '/admin/reports?state=resolved', { cookie: moderator.cookie })
    ).json().data;
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      _id: video._id,
      state: 'resolved',
      note: 'Blocked the video',
      resolvedBy: { _id: moderator.user._id, username: moderator.username },
    });
    const dismissed = (
      await call(t, 'GET', '/admin/reports?state=dismissed', { cookie: moderator.cookie })
    ).json().data;
    expect(dismissed.map((r: { _id: string }) => r._id)).toEqual([channel._id]);
    const audit = await call(t, 'GET', '/admin/audit', { cookie: moderator.cookie });
    expect(
      (audit.json().data as { action: string; targetId: string; reason: string | null }[])
        .filter((e) => e.action.startsWith('report.'))
        .map((e) => [e.action, e.targetId, e.reason]),
    ).toEqual([
      ['report.dismiss', channel._id, null],
      ['report.resolve', video._id, 'Blocked the video'],
    ]);
    // Closed, so a new report of the same video is a new one.
    expect(
      (await report({ targetType: 'video', targetId: videoId, reason: 'spam' })).statusCode,
    ).toBe(201);
  });

  it('shows a deleted target as gone', async () => {
    await call(t, 'DELETE', `/comments/deletecomment/u/${commentId}`, { cookie: creator.cookie });
    const res = await call(t, 'GET', '/admin/reports?targetType=comment', {
      cookie: moderator.cookie,
    });
    expect(res.json().data[0].target).toBeNull();
  });
});
