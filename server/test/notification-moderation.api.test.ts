import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { call, staffUser } from './helpers/staff.js';

/**
 * Notifications and moderation: a comment others cannot see tells nobody (held until
 * approved, hidden while its author is suspended), and a blocked video's notifications are
 * its owner's alone.
 */
let t: TestApp;
let channel: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  channel = await signedInUser(t.server, 'channel');
});
afterAll(async () => {
  await t.close();
});

type Opts = { cookie?: string; payload?: unknown };
const api = (method: Method, url: string, opts: Opts = {}) => apiCall(t, method, url, opts);

interface Item {
  kind: string;
  video?: { _id: string; title: string };
  comment?: { _id: string; content: string };
  actor?: { _id: string; username: string };
}

async function inbox(cookie: string): Promise<{ data: Item[]; unread: number }> {
  const res = await api('GET', '/notifications', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('comments hidden since', () => {
  it('leave the list while their author is suspended, and come back when it is lifted', async () => {
    const admin = await staffUser(t, 'admin', 'notifadmin');
    const author = await signedInUser(t.server, 'suspendee');
    const video = await insertVideo(t, channel.user._id, { title: 'Spammed' });
    const comment = await api('POST', `/comments/createcomments/u/${video}`, {
      cookie: author.cookie,
      payload: { content: 'Buy my stuff' },
    });
    expect(comment.statusCode).toBe(201);
    const about = async () =>
      (await inbox(channel.cookie)).data.filter((n) => n.video?._id === video);
    expect((await about()).map((n) => n.comment?.content)).toEqual(['Buy my stuff']);
    const unreadBefore = (await inbox(channel.cookie)).unread;

    const suspended = await call(t, 'POST', `/admin/users/${author.user._id}/suspend`, {
      cookie: admin.cookie,
      body: { reason: 'Spam' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await about()).toEqual([]);
    expect((await inbox(channel.cookie)).unread).toBe(unreadBefore - 1);

    const lifted = await call(t, 'POST', `/admin/users/${author.user._id}/unsuspend`, {
      cookie: admin.cookie,
      body: { reason: 'Appeal' },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await about()).map((n) => n.comment?.content)).toEqual(['Buy my stuff']);
  });
});

describe('held comments', () => {
  it('tell of a held reply once it is approved, the parent’s author only', async () => {
    const author = await signedInUser(t.server, 'heldparent');
    const replier = await signedInUser(t.server, 'heldreplier');
    const video = await insertVideo(t, channel.user._id, { title: 'Held talk' });
    const comment = await api('POST', `/comments/createcomments/u/${video}`, {
      cookie: author.cookie,
      payload: { content: 'Open question' },
    });
    const hold = await api('PATCH', `/videos/${video}`, {
      cookie: channel.cookie,
      payload: { commentsMode: 'held' },
    });
    expect(hold.statusCode, hold.body).toBe(200);
    const reply = await api('POST', `/comments/replycomment/u/${comment.json().data._id}`, {
      cookie: replier.cookie,
      payload: { content: 'A held answer' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const replies = async (cookie: string) =>
      (await inbox(cookie)).data.filter((n) => n.comment?.content === 'A held answer');
    // Held: nobody hears of it yet.
    expect(await replies(author.cookie)).toEqual([]);
    expect(await replies(channel.cookie)).toEqual([]);

    const approved = await api('POST', `/studio/comments/${reply.json().data._id}/approve`, {
      cookie: channel.cookie,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await replies(author.cookie)).map((n) => [n.kind, n.actor?.username])).toEqual([
      ['comment_reply', replier.username],
    ]);
    // The owner approved it: no notice to them.
    expect(await replies(channel.cookie)).toEqual([]);
    // Approving again changes nothing.
    const again = await api('POST', `/studio/comments/${reply.json().data._id}/approve`, {
      cookie: channel.cookie,
    });
    expect(again.statusCode).toBe(409);
    expect(await replies(author.cookie)).toHaveLength(1);

    // A held reply to the owner's own comment: approving it tells the owner nothing either.
    const own = await api('POST', `/comments/createcomments/u/${video}`, {
      cookie: channel.cookie,
      payload: { content: 'Owner asks' },
    });
    const toOwner = await api('POST', `/comments/replycomment/u/${own.json().data._id}`, {
      cookie: replier.cookie,
      payload: { content: 'Held answer to the owner' },
    });
    expect(toOwner.statusCode, toOwner.body).toBe(201);
    const ok = await api('POST', `/studio/comments/${toOwner.json().data._id}/approve`, {
      cookie: channel.cookie,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await inbox(channel.cookie)).data.filter(
        (n) => n.comment?.content === 'Held answer to the owner',
      ),
    ).toEqual([]);
  });
});

describe('a video staff block', () => {
  it('takes its notifications from everyone but its owner, and gives them back when unblocked', async () => {
    const admin = await staffUser(t, 'admin', 'blockadmin');
    const author = await signedInUser(t.server, 'blockfan');
    const replier = await signedInUser(t.server, 'blockfan2');
    const video = await insertVideo(t, channel.user._id, { title: 'About to be blocked' });
    const comment = await api('POST', `/comments/createcomments/u/${video}`, {
      cookie: author.cookie,
      payload: { content: 'Nice one' },
    });
    await api('POST', `/comments/replycomment/u/${comment.json().data._id}`, {
      cookie: replier.cookie,
      payload: { content: 'Indeed' },
    });
    const about = async (cookie: string) =>
      (await inbox(cookie)).data.filter((n) => n.video?._id === video);
    // Read once each, so the pages are cached.
    expect(await about(author.cookie)).toHaveLength(1);
    expect(await about(channel.cookie)).toHaveLength(2);
    const res = await call(t, 'POST', `/admin/videos/${video}/block`, {
      cookie: admin.cookie,
      body: { reason: 'Not allowed here' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const box = await inbox(author.cookie);
    expect(box.data.filter((n) => n.video?._id === video)).toEqual([]);
    expect(JSON.stringify(box)).not.toContain('About to be blocked');
    expect(await about(channel.cookie)).toHaveLength(2);
    const lifted = await call(t, 'POST', `/admin/videos/${video}/unblock`, {
      cookie: admin.cookie,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await about(author.cookie)).toHaveLength(1);
  });
});
