import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * Creators moderate their own channel: delete any comment on their videos, turn comments off or
 * hold them for approval (held comments are seen by their author and the owner only), and
 * block users from commenting. Staff delete any comment.
 */
let t: TestApp;
let creator: SignedIn;
let fan: SignedIn;
let troll: SignedIn;
let moderator: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  creator = await signedInUser(t.server, 'creator');
  fan = await signedInUser(t.server, 'fan');
  troll = await signedInUser(t.server, 'troll');
  moderator = await staffUser(t, 'moderator');
});
afterAll(async () => {
  await t.close();
});

const comment = (videoId: string, cookie: string, content: string) =>
  call(t, 'POST', `/comments/createcomments/u/${videoId}`, { cookie, body: { content } });
const page = async (videoId: string, cookie?: string) => {
  const res = await call(t, 'GET', `/comments/getvideocomments/u/${videoId}`, { cookie });
  const data = res.json().data as { _id: string; held: boolean; replies: { _id: string }[] }[];
  return { data, total: res.json().totalComments as number };
};
const setMode = (videoId: string, commentsMode: string) =>
  call(t, 'PATCH', `/videos/${videoId}`, { cookie: creator.cookie, body: { commentsMode } });

describe('a video’s owner', () => {
  it('deletes any comment on their video; others still cannot', async () => {
    const videoId = await insertVideo(t, creator.user._id);
    const rude = (await comment(videoId, troll.cookie, 'You are all wrong')).json().data._id;
    const reply = await call(t, 'POST', `/comments/replycomment/u/${rude}`, {
      cookie: fan.cookie,
      body: { content: 'Be nice' },
    });
    expect(reply.statusCode).toBe(201);
    const stranger = await call(t, 'DELETE', `/comments/deletecomment/u/${rude}`, {
      cookie: fan.cookie,
    });
    expect(stranger.statusCode).toBe(403);
    const owner = await call(t, 'DELETE', `/comments/deletecomment/u/${rude}`, {
      cookie: creator.cookie,
    });
    expect(owner.statusCode).toBe(200);
    expect(await page(videoId)).toEqual({ data: [], total: 0 });
  });

  it('turns comments off: new comments and replies are refused, for everyone', async () => {
    const videoId = await insertVideo(t, creator.user._id);
    const before = (await comment(videoId, fan.cookie, 'First!')).json().data._id;
    expect((await setMode(videoId, 'off')).json().data.commentsMode).toBe('off');
    const video = await call(t, 'GET', `/videos/vid-id/${videoId}`);
    expect(video.json().data.commentsMode).toBe('off');
    for (const cookie of [fan.cookie, creator.cookie]) {
      const res = await comment(videoId, cookie, 'Anyone there?');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Comments are turned off for this video.');
    }
    const reply = await call(t, 'POST', `/comments/replycomment/u/${before}`, {
      cookie: fan.cookie,
      body: { content: 'Replying anyway' },
    });
    expect(reply.statusCode).toBe(403);
    expect((await setMode(videoId, 'sometimes')).statusCode).toBe(400);
  });

  it('holds comments for approval: seen by their author and the owner only, until approved', async () => {
    const videoId = await insertVideo(t, creator.user._id, { title: 'Held comments here' });
    const shown = (await comment(videoId, fan.cookie, 'Before holding')).json().data._id;
    await setMode(videoId, 'held');
    const held = await comment(videoId, troll.cookie, 'Please approve me');
    expect(held.statusCode).toBe(201);
    expect(held.json()).toMatchObject({
      message: 'Your comment is waiting for the channel owner’s approval.',
      data: { held: true },
    });
    const heldId = held.json().data._id as string;
    const heldReply = await call(t, 'POST', `/comments/replycomment/u/${shown}`, {
      cookie: troll.cookie,
      body: { content: 'A held reply' },
    });
    expect(heldReply.json().data.held).toBe(true);
    const own = await comment(videoId, creator.cookie, 'The owner is never held');
    expect(own.json().data.held).toBe(false);

    // Visitors and other users see neither; the counts leave them out.
    for (const cookie of [undefined, fan.cookie]) {
      const seen = await page(videoId, cookie);
      expect(seen.data.map((c) => c._id)).not.toContain(heldId);
      expect(seen.data.flatMap((c) => c.replies.map((r) => r._id))).not.toContain(
        heldReply.json().data._id,
      );
      expect(seen.total).toBe(2);
    }
    // Their author and the owner see them, marked held.
    for (const cookie of [troll.cookie, creator.cookie]) {
      const seen = await page(videoId, cookie);
      expect(seen.data.find((c) => c._id === heldId)?.held).toBe(true);
      expect(seen.data.find((c) => c._id === shown)?.replies.map((r) => r._id)).toContain(
        heldReply.json().data._id,
      );
    }
    // Nobody else can like, reply to or report a held comment; it does not exist for them.
    const like = await call(t, 'POST', `/toggle/like-dislike/${heldId}/like`, {
      cookie: fan.cookie,
      body: { contentType: 'Comment' },
    });
    expect(like.statusCode).toBe(404);
    const reply = await call(t, 'POST', `/comments/replycomment/u/${heldId}`, {
      cookie: creator.cookie,
      body: { content: 'Not yet' },
    });
    expect(reply.statusCode).toBe(409);

    // The studio lists them; only the owner approves.
    const studio = await call(t, 'GET', '/studio/comments/held', { cookie: creator.cookie });
    expect(studio.json().total).toBe(2);
    expect(studio.json().data[1]).toMatchObject({
      _id: heldId,
      content: 'Please approve me',
      owner: { username: troll.username },
      video: { _id: videoId, title: 'Held comments here' },
    });
    expect(
      (await call(t, 'GET', '/studio/comments/held', { cookie: fan.cookie })).json().total,
    ).toBe(0);
    const notYours = await call(t, 'POST', `/studio/comments/${heldId}/approve`, {
      cookie: troll.cookie,
    });
    expect(notYours.statusCode).toBe(403);
    const approved = await call(t, 'POST', `/studio/comments/${heldId}/approve`, {
      cookie: creator.cookie,
    });
    expect(approved.statusCode).toBe(200);
    const after = await page(videoId, fan.cookie);
    expect(after.data.find((c) => c._id === heldId)?.held).toBe(false);
    expect(after.total).toBe(3);
    const again = await call(t, 'POST', `/studio/comments/${heldId}/approve`, {
      cookie: creator.cookie,
    });
    expect(again.statusCode).toBe(409);
    const kept = await t.database.db
      .selectFrom('videos')
      .select('comments_count')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(Number(kept.comments_count)).toBe(3);
  });

  it('blocks a user from commenting on their videos, and lets them back', async () => {
    const videoId = await insertVideo(t, creator.user._id);
    const blocked = await call(t, 'POST', `/users/me/blocked/${troll.user._id}`, {
      cookie: creator.cookie,
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().data).toEqual({ _id: troll.user._id, blocked: true });
    const refused = await comment(videoId, troll.cookie, 'Let me in');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'The channel owner does not allow you to comment on their videos.',
    );
    // Only on that creator's videos.
    const elsewhere = await insertVideo(t, fan.user._id);
    expect((await comment(elsewhere, troll.cookie, 'Somewhere else')).statusCode).toBe(201);
    const list = await call(t, 'GET', '/users/me/blocked', { cookie: creator.cookie });
    expect(list.json().data.map((u: { username: string }) => u.username)).toEqual([troll.username]);
    expect(
      (await call(t, 'POST', `/users/me/blocked/${creator.user._id}`, { cookie: creator.cookie }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(t, 'POST', '/users/me/blocked/0123456789abcdef01234567', {
          cookie: creator.cookie,
        })
      ).statusCode,
    ).toBe(404);
    const unblocked = await call(t, 'DELETE', `/users/me/blocked/${troll.user._id}`, {
      cookie: creator.cookie,
    });
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().data.blocked).toBe(false);
    expect((await comment(videoId, troll.cookie, 'Back again')).statusCode).toBe(201);
  });
});

describe('staff', () => {
  it('delete any comment, logged, but a moderator not a fellow staff member’s', async () => {
    const videoId = await insertVideo(t, creator.user._id);
    const rude = (await comment(videoId, troll.cookie, 'Very rude words')).json().data._id;
    const res = await call(t, 'DELETE', `/comments/deletecomment/u/${rude}`, {
      cookie: moderator.cookie,
    });
    expect(res.statusCode).toBe(200);
    const viaAdmin = (await comment(videoId, troll.cookie, 'Rude again')).json().data._id;
    const admin = await call(t, 'DELETE', `/admin/comments/${viaAdmin}`, {
      cookie: moderator.cookie,
      body: { reason: 'Harassment' },
    });
    expect(admin.statusCode).toBe(200);
    const audit = await call(t, 'GET', '/admin/audit?action=comment.delete', {
      cookie: moderator.cookie,
    });
    expect(
      (audit.json().data as { targetId: string; reason: string | null }[]).map((e) => [
        e.targetId,
        e.reason,
      ]),
    ).toEqual([
      [viaAdmin, 'Harassment'],
      [rude, null],
    ]);
    const admin2 = await staffUser(t, 'admin', 'boss');
    const bosses = (await comment(videoId, admin2.cookie, 'An admin speaks')).json().data._id;
    const refused = await call(t, 'DELETE', `/comments/deletecomment/u/${bosses}`, {
      cookie: moderator.cookie,
    });
    expect(refused.statusCode).toBe(403);
  });
});
