import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { ProcessingRepository } from '../src/repositories/processing.repository.js';
import { publishVideo, videoAsOwner } from './helpers/media.js';
import { call, type SignedIn } from './helpers/staff.js';
import { insertVideo } from './helpers/video-rows.js';
import type { TestApp } from './helpers/test-app.js';
import { mediaOf, moderationPeople, seenBy, without } from './helpers/moderation-reads.js';

/**
 * A video staff block disappears for everyone but its owner on every read path, with the read
 * caches warm (each path is read once before, so a kept card, page or count would show
 * through), and comes back when unblocked.
 */
let t: TestApp;
let owner: SignedIn;
let viewer: SignedIn;
let other: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  ({ t, owner, viewer, other, admin } = await moderationPeople());
});
afterAll(async () => {
  await t.close();
});

const seen = (cookie: string | undefined, video: Video, word: string, media: string[]) =>
  seenBy(t, viewer, cookie, video, word, media);

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
