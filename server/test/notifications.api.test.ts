import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { createComment, createVideo } from './helpers/factories.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { publish, testClip, uploadFields } from './helpers/media.js';

/** Notifications: who hears of what, and what they never hear of. */
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
  _id: string;
  kind: string;
  read: boolean;
  createdAt: string;
  video?: { _id: string; title: string };
  comment?: { _id: string; content: string };
  actor?: { _id: string; username: string; avatar: string };
}

async function inbox(
  cookie: string,
  query = '',
): Promise<{ data: Item[]; unread: number; hasMore: boolean }> {
  const res = await api('GET', `/notifications${query}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const summary = (items: Item[]) => items.map((n) => `${n.kind}:${n.video?.title ?? ''}`);

async function subscriber(prefix = 'sub') {
  const user = await signedInUser(t.server, prefix);
  const res = await api('POST', `/subscriptions/u/${channel.user._id}`, { cookie: user.cookie });
  expect(res.json().data.isSubscribed).toBe(true);
  return user;
}

async function upload(fields: Record<string, string>) {
  const res = await publish(t.server, channel.cookie, await uploadFields(fields));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

describe('a subscribed channel’s new video', () => {
  it('arrives once it plays and is public, never for private or unlisted uploads', async () => {
    const fan = await subscriber('fan');
    const pub = await upload({ title: 'Public upload', visibility: 'public' });
    await upload({ title: 'Private upload', visibility: 'private' });
    await upload({ title: 'Unlisted upload', visibility: 'unlisted' });
    // Uploaded, not processed: nothing plays yet, so nobody hears of it.
    expect((await inbox(fan.cookie)).data).toEqual([]);
    await t.processAll();

    const box = await inbox(fan.cookie);
    expect(summary(box.data)).toEqual(['new_video:Public upload']);
    expect(box.unread).toBe(1);
    expect(box.data[0]).toMatchObject({
      _id: pub,
      read: false,
      video: { _id: pub, title: 'Public upload' },
      actor: { _id: channel.user._id, username: channel.username },
    });

    // The owner heard that each of their uploads plays.
    const own = await inbox(channel.cookie);
    expect(own.data.filter((n) => n.kind === 'processing_done')).toHaveLength(3);
    expect(own.data.some((n) => n.kind === 'new_video')).toBe(false);
  });

  it('arrives when a private video is made public later, and only once', async () => {
    const fan = await subscriber('later');
    const id = await createVideo(t, channel.user._id, {
      title: 'Kept back',
      visibility: 'private',
    });
    expect((await inbox(fan.cookie)).data).toEqual([]);
    const edit = (visibility: string) =>
      api('PATCH', `/videos/${id}`, { cookie: channel.cookie, payload: { visibility } });
    expect((await edit('public')).statusCode).toBe(200);
    expect(summary((await inbox(fan.cookie)).data)).toEqual(['new_video:Kept back']);
    await edit('unlisted');
    expect((await inbox(fan.cookie)).data).toEqual([]);
    await edit('public');
    expect(summary((await inbox(fan.cookie)).data)).toEqual(['new_video:Kept back']);
  });

  it('never tells of videos from before the subscription, or of unsubscribed channels', async () => {
    // Made a minute before the subscription. (A video made public by an edit is stamped by the
    // database's clock, so this file runs on the wall clock rather than an injected one.)
    await createVideo(t, channel, { title: 'Old news', created_at: Date.now() - 60_000 });
    const fan = await subscriber('newcomer');
    expect((await inbox(fan.cookie)).data).toEqual([]);
    await createVideo(t, channel.user._id, { title: 'Fresh' });
    expect(summary((await inbox(fan.cookie)).data)).toEqual(['new_video:Fresh']);
    await api('POST', `/subscriptions/u/${channel.user._id}`, { cookie: fan.cookie });
    expect((await inbox(fan.cookie)).data).toEqual([]);
  });

  it('leaves every subscriber’s list at once when the video goes private, with the caches warm', async () => {
    const fans = [await subscriber('warm1'), await subscriber('warm2')];
    const id = await createVideo(t, channel.user._id, { title: 'Soon withdrawn' });
    for (const fan of fans) {
      expect(summary((await inbox(fan.cookie)).data)).toEqual(['new_video:Soon withdrawn']);
    }
    await api('PATCH', `/videos/${id}`, {
      cookie: channel.cookie,
      payload: { visibility: 'private' },
    });
    for (const fan of fans) {
      const box = await inbox(fan.cookie);
      expect(box.data).toEqual([]);
      expect(box.unread).toBe(0);
      expect(JSON.stringify(box)).not.toContain('Soon withdrawn');
    }
  });
});

describe('comments and replies', () => {
  it('tell the video’s owner of comments and the comment’s author of replies, never of one’s own', async () => {
    const author = await signedInUser(t.server, 'author');
    const replier = await signedInUser(t.server, 'replier');
    const video = await createVideo(t, channel.user._id, { title: 'Talked about' });
    const comment = await api('POST', `/comments/createcomments/u/${video}`, {
      cookie: author.cookie,
      payload: { content: 'What a view!' },
    });
    const commentId = comment.json().data._id;
    // The owner's own comment tells nobody.
    await api('POST', `/comments/createcomments/u/${video}`, {
      cookie: channel.cookie,
      payload: { content: 'Thank you all' },
    });
    const reply = await api('POST', `/comments/replycomment/u/${commentId}`, {
      cookie: replier.cookie,
      payload: { content: 'Agreed, lovely' },
    });
    expect(reply.statusCode).toBe(201);
    // The author answering in their own thread tells the owner, not themselves.
    await api('POST', `/comments/replycomment/u/${commentId}`, {
      cookie: author.cookie,
      payload: { content: 'Thanks replier' },
    });

    const ownerBox = (await inbox(channel.cookie)).data.filter((n) => n.video?._id === video);
    expect(ownerBox.map((n) => [n.kind, n.actor?.username, n.comment?.content])).toEqual([
      ['video_comment', author.username, 'Thanks replier'],
      ['video_comment', replier.username, 'Agreed, lovely'],
      ['video_comment', author.username, 'What a view!'],
    ]);
    const authorBox = (await inbox(author.cookie)).data;
    expect(authorBox.map((n) => [n.kind, n.actor?.username, n.comment?.content])).toEqual([
      ['comment_reply', replier.username, 'Agreed, lovely'],
    ]);
    expect((await inbox(replier.cookie)).data).toEqual([]);

    // A reply to the owner's own comment is a reply to them, not a second notice.
    const ownComment = await api('POST', `/comments/createcomments/u/${video}`, {
      cookie: channel.cookie,
      payload: { content: 'Question for you' },
    });
    await api('POST', `/comments/replycomment/u/${ownComment.json().data._id}`, {
      cookie: replier.cookie,
      payload: { content: 'Here is an answer' },
    });
    const latest = (await inbox(channel.cookie)).data[0]!;
    expect([latest.kind, latest.comment?.content]).toEqual(['comment_reply', 'Here is an answer']);
    expect(
      (await inbox(channel.cookie)).data.filter((n) => n.comment?.content === 'Here is an answer'),
    ).toHaveLength(1);

    // A deleted comment takes its notification with it.
    await api('DELETE', `/comments/deletecomment/u/${commentId}`, { cookie: author.cookie });
    const left = (await inbox(channel.cookie)).data.filter((n) => n.video?._id === video);
    expect(left.map((n) => n.comment?.content)).toEqual(['Here is an answer']);
    expect((await inbox(author.cookie)).data).toEqual([]);
  });

  it('hide when the video goes private, for all but its owner', async () => {
    const author = await signedInUser(t.server, 'private');
    const replier = await signedInUser(t.server, 'private2');
    const video = await createVideo(t, channel.user._id, { title: 'Closing soon' });
    const comment = await api('POST', `/comments/createcomments/u/${video}`, {
      cookie: author.cookie,
      payload: { content: 'First comment' },
    });
    await api('POST', `/comments/replycomment/u/${comment.json().data._id}`, {
      cookie: replier.cookie,
      payload: { content: 'First reply' },
    });
    expect((await inbox(author.cookie)).data).toHaveLength(1);
    await api('PATCH', `/videos/${video}`, {
      cookie: channel.cookie,
      payload: { visibility: 'private' },
    });
    const box = await inbox(author.cookie);
    expect(box.data).toEqual([]);
    expect(box.unread).toBe(0);
    const owner = (await inbox(channel.cookie)).data.filter((n) => n.video?._id === video);
    expect(owner).toHaveLength(2);
  });
});

describe('processing', () => {
  it('tells the owner when an upload fails', async () => {
    const uploader = await signedInUser(t.server, 'uploader');
    const whole = await testClip({ seconds: 4, width: 320, height: 240 });
    const res = await publish(
      t.server,
      uploader.cookie,
      await uploadFields({
        title: 'Cut short',
        videoFile: {
          filename: 'half.mp4',
          contentType: 'video/mp4',
          data: whole.subarray(0, whole.length / 2),
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    await t.processAll();
    const box = await inbox(uploader.cookie);
    expect(box.data.map((n) => [n.kind, n.video?.title])).toEqual([
      ['processing_failed', 'Cut short'],
    ]);
  });
});

describe('reading and settings', () => {
  it('marks one read, or all, and answers the unread count with an ETag', async () => {
    const fan = await subscriber('reader');
    const a = await createVideo(t, channel.user._id, { title: 'One' });
    await createVideo(t, channel.user._id, { title: 'Two' });
    const author = await signedInUser(t.server, 'commenter');
    const own = await createVideo(t, fan.user._id, { title: 'Fan video' });
    await createComment(t, author, { videoId: own }, 'Nice one');

    const count = await api('GET', '/notifications/unread-count', { cookie: fan.cookie });
    expect(count.statusCode).toBe(200);
    expect(count.json().data).toEqual({ unread: 3 });
    const etag = count.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(count.headers['cache-control']).toBe('no-store');
    const same = await t.server.inject({
      method: 'GET',
      url: '/api/v1/notifications/unread-count',
      headers: { cookie: fan.cookie, 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    const box = await inbox(fan.cookie);
    const comment = box.data.find((n) => n.kind === 'video_comment')!;
    const marked = await api('POST', '/notifications/read', {
      cookie: fan.cookie,
      payload: { ids: [a, comment._id] },
    });
    expect(marked.json().data).toEqual({ unread: 1 });
    const after = await inbox(fan.cookie);
    expect(after.data.map((n) => [n.video?.title, n.read])).toEqual([
      ['Fan video', true],
      ['Two', false],
      ['One', true],
    ]);
    const changed = await t.server.inject({
      method: 'GET',
      url: '/api/v1/notifications/unread-count',
      headers: { cookie: fan.cookie, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.unread).toBe(1);

    // Someone else's ids change nothing of theirs.
    const stranger = await signedInUser(t.server, 'stranger');
    await api('POST', '/notifications/read', { cookie: stranger.cookie, payload: { ids: [a] } });
    expect((await inbox(fan.cookie)).unread).toBe(1);

    const all = await api('POST', '/notifications/read', { cookie: fan.cookie, payload: {} });
    expect(all.json().data).toEqual({ unread: 0 });
    expect((await inbox(fan.cookie)).data.every((n) => n.read)).toBe(true);
    // A new one after that is unread.
    await createVideo(t, channel.user._id, { title: 'Three' });
    const next = await inbox(fan.cookie);
    expect(next.unread).toBe(1);
    expect(next.data[0]).toMatchObject({ read: false, video: { title: 'Three' } });
  });

  it('pages newest first', async () => {
    const fan = await subscriber('pager');
    for (let i = 0; i < 5; i += 1) {
      await createVideo(t, channel.user._id, { title: `Episode ${i}` });
    }
    const first = await inbox(fan.cookie, '?limit=2');
    expect(summary(first.data)).toEqual(['new_video:Episode 4', 'new_video:Episode 3']);
    expect(first.hasMore).toBe(true);
    const last = await inbox(fan.cookie, '?limit=2&page=3');
    expect(summary(last.data)).toEqual(['new_video:Episode 0']);
    expect(last.hasMore).toBe(false);
    expect(last.unread).toBe(5);
  });

  it('leaves out the kinds turned off', async () => {
    const fan = await subscriber('quiet');
    const settings = await api('GET', '/notifications/settings', { cookie: fan.cookie });
    expect(settings.json().data).toEqual({
      new_video: true,
      comment_reply: true,
      video_comment: true,
      processing_done: true,
      processing_failed: true,
    });
    const off = await api('PATCH', '/notifications/settings', {
      cookie: fan.cookie,
      payload: { new_video: false, video_comment: false },
    });
    expect(off.json().data).toMatchObject({
      new_video: false,
      video_comment: false,
      comment_reply: true,
    });
    await createVideo(t, channel.user._id, { title: 'Unheard' });
    const own = await createVideo(t, fan.user._id, { title: 'Quiet video' });
    const author = await signedInUser(t.server, 'talker');
    await createComment(t, author, { videoId: own }, 'Hello there');
    expect((await inbox(fan.cookie)).data).toEqual([]);
    await api('PATCH', '/notifications/settings', {
      cookie: fan.cookie,
      payload: { new_video: true },
    });
    expect(summary((await inbox(fan.cookie)).data)).toEqual(['new_video:Unheard']);
    const bad = await api('PATCH', '/notifications/settings', {
      cookie: fan.cookie,
      payload: { new_video: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await api('PATCH', '/notifications/settings', { cookie: fan.cookie, payload: {} }))
        .statusCode,
    ).toBe(400);
  });

  it('is only for the signed-in', async () => {
    for (const [method, url] of [
      ['GET', '/notifications'],
      ['GET', '/notifications/unread-count'],
      ['POST', '/notifications/read'],
      ['GET', '/notifications/settings'],
    ] as const) {
      expect((await api(method, url)).statusCode).toBe(401);
    }
  });
});

describe('polling from another site', () => {
  it('lets a web app on an allowed origin read the ETag it sends back', async () => {
    const crossSite = await createTestApp({ corsOrigins: ['https://app.example'] });
    try {
      const user = await signedInUser(crossSite.server, 'remote');
      const res = await crossSite.server.inject({
        method: 'GET',
        url: '/api/v1/notifications/unread-count',
        headers: { cookie: user.cookie, origin: 'https://app.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(String(res.headers['access-control-expose-headers'])).toContain('etag');
      expect(res.headers.etag).toBe('"unread-0"');
    } finally {
      await crossSite.close();
    }
  });
});
