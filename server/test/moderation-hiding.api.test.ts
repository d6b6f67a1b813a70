import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { ProcessingRepository } from '../src/repositories/processing.repository.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { publishVideo, videoAsOwner } from './helpers/media.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * A blocked video, and every video and comment of a suspended account, disappear for everyone
 * but their owner on every read path, with the read caches warm (each path is read once
 * before, so a kept card, page or count would show through), and come back when lifted.
 */
let t: TestApp;
let owner: SignedIn;
let viewer: SignedIn;
let other: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'creator');
  viewer = await signedInUser(t.server, 'watcher');
  other = await signedInUser(t.server, 'bystander');
  admin = await staffUser(t, 'admin');
  // The viewer follows the creator's channel.
  await call(t, 'POST', `/subscriptions/u/${owner.user._id}`, { cookie: viewer.cookie });
});
afterAll(async () => {
  await t.close();
});

interface Seen {
  feed: string[];
  feedTotal: number;
  channelList: string[];
  channelTotal: number;
  search: string[];
  searchTotal: number;
  suggestions: string[];
  single: number;
  media: number[];
  comments: number;
  liked?: string[];
  likedTotal?: number;
  subscriptionFeed?: string[];
  subscriptionTotal?: number;
  channelVideos?: number;
  subscribedVideoCount?: number;
}

/** Everything one viewer (or a visitor, without a cookie) is shown about `video`'s owner. */
async function seen(cookie: string | undefined, video: Video, word: string, media: string[]) {
  const ids = (res: { json(): { data: { _id: string }[] } }) => res.json().data.map((v) => v._id);
  const get = (url: string) => call(t, 'GET', url, { cookie });
  const [feed, channel, search, suggestions, single, comments] = await Promise.all([
    get('/videos/getallvideos?limit=100&sortBy=createdAt&sortType=desc'),
    get(`/videos/getallvideos?limit=100&query=${video.owner._id}`),
    get(`/videos/search?q=${word}`),
    get(`/videos/suggestions?q=${word}`),
    get(`/videos/vid-id/${video._id}`),
    get(`/comments/getvideocomments/u/${video._id}`),
  ]);
  const out: Seen = {
    feed: ids(feed),
    feedTotal: feed.json().totalVideos,
    channelList: ids(channel),
    channelTotal: channel.json().totalVideos,
    search: ids(search),
    searchTotal: search.json().totalVideos,
    suggestions: ids(suggestions),
    single: single.statusCode,
    media: await Promise.all(media.map(async (url) => (await get(url)).statusCode)),
    comments: comments.statusCode,
  };
  if (!cookie) return out;
  const [liked, subscriptionFeed, profile, subscribed] = await Promise.all([
    get('/toggle/getlikedvideos'),
    get('/subscriptions/videos?limit=100'),
    get(`/users/c/${video.owner.username}`),
    get(`/subscriptions/c/${viewer.user._id}`),
  ]);
  out.liked = ids(liked);
  out.likedTotal = liked.json().totalVideoLikes;
  out.subscriptionFeed = ids(subscriptionFeed);
  out.subscriptionTotal = subscriptionFeed.json().totalVideos;
  out.channelVideos = profile.statusCode === 200 ? profile.json().data.videosCount : -1;
  const item = (subscribed.json().data as { channel: { _id: string }; videoCount: number }[]).find(
    (s) => s.channel._id === video.owner._id,
  );
  out.subscribedVideoCount = item ? item.videoCount : -1;
  return out;
}

/** Media URLs of a video as its owner is given them (file, thumbnail, HLS). */
function mediaOf(video: Video): string[] {
  return [video.videoFile, video.thumbnail, ...(video.hlsUrl ? [video.hlsUrl] : [])];
}

/** What `before` shows of the video, with the video taken out: what a hidden one leaves. */
function without(before: Seen, id: string, signedIn: boolean): Partial<Seen> {
  const drop = (list: string[] | undefined) => list?.filter((x) => x !== id);
  const out: Partial<Seen> = {
    feed: drop(before.feed),
    feedTotal: before.feedTotal - 1,
    channelList: drop(before.channelList),
    channelTotal: before.channelTotal - 1,
    search: drop(before.search),
    searchTotal: before.searchTotal - 1,
    suggestions: drop(before.suggestions),
    single: 404,
    media: before.media.map(() => 404),
    comments: 404,
  };
  if (signedIn) {
    out.liked = drop(before.liked);
    out.likedTotal = before.likedTotal! - 1;
    out.subscriptionFeed = drop(before.subscriptionFeed);
    out.subscriptionTotal = before.subscriptionTotal! - 1;
    out.channelVideos = before.channelVideos! - 1;
    out.subscribedVideoCount = before.subscribedVideoCount! - 1;
  }
  return out;
}

describe('a blocked video', () => {
  let video: Video;
  const word = 'zebracrossing';

  beforeAll(async () => {
    video = await publishVideo(t, owner.cookie, {
      title: `The ${word} at dawn`,
      hashtag: `#${word}`,
    });
    // Another of the owner's videos stays visible throughout.
    await insertVideo(t, owner.user._id, { title: `Another ${word} clip` });
    await call(t, 'POST', `/toggle/like-dislike/${video._id}/like`, {
      cookie: viewer.cookie,
      body: { contentType: 'Video' },
    });
    await call(t, 'POST', `/comments/createcomments/u/${video._id}`, {
      cookie: viewer.cookie,
      body: { content: 'Lovely stripes' },
    });
  });

  it('disappears for everyone but its owner at once, on every read path, caches warm', async () => {
    const media = mediaOf(video);
    const visitorBefore = await seen(undefined, video, word, media);
    const viewerBefore = await seen(viewer.cookie, video, word, media);
    // Read twice: the second read is served by the kept cards, pages and counts.
    expect(await seen(viewer.cookie, video, word, media)).toEqual(viewerBefore);
    expect(viewerBefore.feed).toContain(video._id);
    expect(viewerBefore.search).toContain(video._id);
    expect(viewerBefore.suggestions).toContain(video._id);
    expect(viewerBefore.liked).toContain(video._id);
    expect(viewerBefore.subscriptionFeed).toContain(video._id);
    expect(viewerBefore.media.every((s) => s === 200)).toBe(true);

    const blocked = await call(t, 'POST', `/admin/videos/${video._id}/block`, {
      cookie: admin.cookie,
      body: { reason: 'Shows a dangerous stunt' },
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data).toMatchObject({
      blockedReason: 'Shows a dangerous stunt',
      hidden: true,
      visibility: 'public',
    });

    expect(await seen(undefined, video, word, media)).toEqual({
      ...visitorBefore,
      ...without(visitorBefore, video._id, false),
    });
    expect(await seen(viewer.cookie, video, word, media)).toEqual({
      ...viewerBefore,
      ...without(viewerBefore, video._id, true),
    });
    // Nothing new can be done to it by others either.
    const like = await call(t, 'POST', `/toggle/like-dislike/${video._id}/dislike`, {
      cookie: other.cookie,
      body: { contentType: 'Video' },
    });
    expect(like.statusCode).toBe(404);
    const comment = await call(t, 'POST', `/comments/createcomments/u/${video._id}`, {
      cookie: other.cookie,
      body: { content: 'Where did it go?' },
    });
    expect(comment.statusCode).toBe(404);
    const download = await call(t, 'GET', `/videos/${video._id}/download`, {
      cookie: other.cookie,
    });
    expect(download.statusCode).toBe(404);
  });

  it('its owner still sees it, with the reason, under a new prefix (old links are dead)', async () => {
    const now = await videoAsOwner(t, owner.cookie, video._id);
    expect(now.blockedReason).toBe('Shows a dangerous stunt');
    expect(now.visibility).toBe('public');
    expect(now.isPublished).toBe(true);
    expect(now.videoFile).not.toBe(video.videoFile);
    for (const url of mediaOf(video)) {
      expect((await call(t, 'GET', url, { cookie: owner.cookie })).statusCode, url).toBe(404);
    }
    for (const url of mediaOf(now)) {
      expect((await call(t, 'GET', url, { cookie: owner.cookie })).statusCode, url).toBe(200);
      expect((await call(t, 'GET', url, { cookie: viewer.cookie })).statusCode, url).toBe(404);
    }
    const studio = await call(t, 'GET', '/studio/videos', { cookie: owner.cookie });
    const row = (studio.json().data as Video[]).find((v) => v._id === video._id);
    expect(row?.blockedReason).toBe('Shows a dangerous stunt');
    const own = await call(t, 'GET', `/videos/getallvideos?query=${owner.user._id}`, {
      cookie: owner.cookie,
    });
    expect((own.json().data as Video[]).find((v) => v._id === video._id)?.blockedReason).toBe(
      'Shows a dangerous stunt',
    );
    // The owner's own edits keep their choice, which waits while the block lasts.
    const edit = await call(t, 'PATCH', `/videos/${video._id}`, {
      cookie: owner.cookie,
      body: { visibility: 'unlisted' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await call(t, 'GET', `/videos/vid-id/${video._id}`)).statusCode).toBe(404);
    await call(t, 'PATCH', `/videos/${video._id}`, {
      cookie: owner.cookie,
      body: { visibility: 'public' },
    });
  });

  it('comes back everywhere, as its owner chose, when unblocked', async () => {
    const unblocked = await call(t, 'POST', `/admin/videos/${video._id}/unblock`, {
      cookie: admin.cookie,
    });
    expect(unblocked.statusCode).toBe(200);
    const now = await videoAsOwner(t, owner.cookie, video._id);
    expect(now.blockedReason).toBeNull();
    const after = await seen(viewer.cookie, video, word, mediaOf(now));
    expect(after.feed).toContain(video._id);
    expect(after.search).toContain(video._id);
    expect(after.suggestions).toContain(video._id);
    expect(after.liked).toContain(video._id);
    expect(after.subscriptionFeed).toContain(video._id);
    expect(after.single).toBe(200);
    expect(after.comments).toBe(200);
    expect(after.media.every((s) => s === 200)).toBe(true);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'reason'])
      .where('target_id', '=', video._id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'video.block', actor_id: admin.user._id, reason: 'Shows a dangerous stunt' },
      { action: 'video.unblock', actor_id: admin.user._id, reason: null },
    ]);
  });

  it('stays hidden when processing makes it playable during the block', async () => {
    const id = await insertVideo(t, owner.user._id, {
      title: 'Still encoding',
      visibility: 'private',
      pending_visibility: 'public',
      playable: 0,
      status: 'processing',
    });
    expect(
      (
        await call(t, 'POST', `/admin/videos/${id}/block`, {
          cookie: admin.cookie,
          body: { reason: 'Reported before it played' },
        })
      ).statusCode,
    ).toBe(200);
    await new ProcessingRepository(t.database.db, t.database.dialect).markPlayable(id);
    const row = () =>
      t.database.db
        .selectFrom('videos')
        .select(['visibility', 'pending_visibility', 'playable'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual({
      visibility: 'private',
      pending_visibility: 'public',
      playable: 1,
    });
    expect((await call(t, 'GET', `/videos/vid-id/${id}`)).statusCode).toBe(404);
    await call(t, 'POST', `/admin/videos/${id}/unblock`, { cookie: admin.cookie });
    expect(await row()).toEqual({ visibility: 'public', pending_visibility: null, playable: 1 });
  });
});

describe('a suspended account', () => {
  let suspect: SignedIn;
  let video: Video;
  let host: Video;
  let commentId: string;
  let replyId: string;
  const word = 'quokkaselfie';

  beforeAll(async () => {
    suspect = await signedInUser(t.server, 'suspect');
    await call(t, 'POST', `/subscriptions/u/${suspect.user._id}`, { cookie: viewer.cookie });
    video = await publishVideo(t, suspect.cookie, {
      title: `A ${word} story`,
      hashtag: `#${word}`,
    });
    await call(t, 'POST', `/toggle/like-dislike/${video._id}/like`, {
      cookie: viewer.cookie,
      body: { contentType: 'Video' },
    });
    // The suspect comments under someone else's video; others reply and like it.
    const hostId = await insertVideo(t, other.user._id, { title: 'A bystander video' });
    host = (await call(t, 'GET', `/videos/vid-id/${hostId}`)).json().data;
    const made = await call(t, 'POST', `/comments/createcomments/u/${host._id}`, {
      cookie: suspect.cookie,
      body: { content: 'Buy followers here' },
    });
    commentId = made.json().data._id;
    replyId = (
      await call(t, 'POST', `/comments/replycomment/u/${commentId}`, {
        cookie: viewer.cookie,
        body: { content: 'No thanks' },
      })
    ).json().data._id;
    await call(t, 'POST', `/comments/createcomments/u/${host._id}`, {
      cookie: viewer.cookie,
      body: { content: 'Nice video' },
    });
    await call(t, 'POST', `/toggle/like-dislike/${commentId}/like`, {
      cookie: viewer.cookie,
      body: { contentType: 'Comment' },
    });
  });

  const hostComments = async (cookie?: string) => {
    const res = await call(t, 'GET', `/comments/getvideocomments/u/${host._id}`, { cookie });
    const data = res.json().data as { _id: string; replies: { _id: string }[] }[];
    return {
      ids: data.flatMap((c) => [c._id, ...c.replies.map((r) => r._id)]),
      total: res.json().totalComments as number,
    };
  };
  const keptCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('videos')
          .select('comments_count')
          .where('id', '=', host._id)
          .executeTakeFirstOrThrow()
      ).comments_count,
    );

  it('is signed out at once, and refused sign-in with a message saying it is suspended', async () => {
    const media = mediaOf(video);
    const visitorBefore = await seen(undefined, video, word, media);
    const viewerBefore = await seen(viewer.cookie, video, word, media);
    expect(await seen(viewer.cookie, video, word, media)).toEqual(viewerBefore);
    const commentsBefore = await hostComments(viewer.cookie);
    expect(commentsBefore.ids).toEqual(expect.arrayContaining([commentId, replyId]));
    expect(commentsBefore.total).toBe(3);
    expect(await keptCount()).toBe(3);

    const res = await call(t, 'POST', `/admin/users/${suspect.user._id}/suspend`, {
      cookie: admin.cookie,
      body: { reason: 'Spam' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'suspended', suspensionReason: 'Spam' });

    const session = await call(t, 'GET', '/users/check-session', { cookie: suspect.cookie });
    expect(session.json().isAuthenticated).toBe(false);
    const login = await call(t, 'POST', '/users/login', {
      body: { username: suspect.username, password: suspect.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('This account is suspended. Reason: Spam');
    const wrong = await call(t, 'POST', '/users/login', {
      body: { username: suspect.username, password: 'not the password at all' },
    });
    expect(wrong.statusCode).toBe(401);

    // Its videos are gone from every read path, for visitors and signed-in viewers alike.
    expect(await seen(undefined, video, word, media)).toEqual({
      ...visitorBefore,
      ...without(visitorBefore, video._id, false),
    });
    const viewerAfter = await seen(viewer.cookie, video, word, media);
    expect(viewerAfter).toEqual({
      ...viewerBefore,
      ...without(viewerBefore, video._id, true),
      // The channel itself is gone: no profile, no entry in the viewer's subscriptions.
      channelVideos: -1,
      subscribedVideoCount: -1,
    });

    // Its comment goes with its thread; the counts shown follow.
    const commentsAfter = await hostComments(viewer.cookie);
    expect(commentsAfter.ids).not.toContain(commentId);
    expect(commentsAfter.ids).not.toContain(replyId);
    expect(commentsAfter.total).toBe(1);
    expect((await hostComments()).total).toBe(1);
    expect(await keptCount()).toBe(1);
    const reply = await call(t, 'POST', `/comments/replycomment/u/${commentId}`, {
      cookie: other.cookie,
      body: { content: 'Still there?' },
    });
    expect(reply.statusCode).toBe(404);
    const like = await call(t, 'POST', `/toggle/like-dislike/${commentId}/like`, {
      cookie: other.cookie,
      body: { contentType: 'Comment' },
    });
    expect(like.statusCode).toBe(404);
  });

  it('shows everything again as it was when the suspension is lifted', async () => {
    const lifted = await call(t, 'POST', `/admin/users/${suspect.user._id}/unsuspend`, {
      cookie: admin.cookie,
      body: { reason: 'Appeal accepted' },
    });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().data.state).toBe('active');
    const now = await videoAsOwner(t, admin.cookie, video._id).catch(() => undefined);
    expect(now?.visibility).toBe('public');
    const after = await seen(viewer.cookie, now!, word, mediaOf(now!));
    expect(after.feed).toContain(video._id);
    expect(after.search).toContain(video._id);
    expect(after.liked).toContain(video._id);
    expect(after.subscriptionFeed).toContain(video._id);
    expect(after.channelVideos).toBe(1);
    expect(after.subscribedVideoCount).toBe(1);
    expect(after.media.every((s) => s === 200)).toBe(true);
    const comments = await hostComments(viewer.cookie);
    expect(comments.ids).toEqual(expect.arrayContaining([commentId, replyId]));
    expect(comments.total).toBe(3);
    expect(await keptCount()).toBe(3);
    const login = await call(t, 'POST', '/users/login', {
      body: { username: suspect.username, password: suspect.password },
    });
    expect(login.statusCode).toBe(200);
  });
});
