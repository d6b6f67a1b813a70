import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { signedInUser } from './helpers/fixtures.js';
import { publishVideo, videoAsOwner } from './helpers/media.js';
import { call, type SignedIn } from './helpers/staff.js';
import { insertVideo } from './helpers/video-rows.js';
import type { TestApp } from './helpers/test-app.js';
import { mediaOf, moderationPeople, seenBy, without } from './helpers/moderation-reads.js';

/**
 * Every video and comment of a suspended account disappears for everyone but its owner on
 * every read path, with the read caches warm (each path is read once before, so a kept card,
 * page or count would show through), and comes back when the suspension is lifted.
 */
let t: TestApp;
let viewer: SignedIn;
let other: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ({ t, viewer, other, admin } = await moderationPeople());
});
afterAll(async () => {
  await t.close();
});

const seen = (cookie: string | undefined, video: Video, word: string, media: string[]) =>
  seenBy(t, viewer, cookie, video, word, media);

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
