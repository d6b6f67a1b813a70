import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { JobQueueRepository } from '../src/repositories/job-queue.repository.js';
import { ProcessingRepository } from '../src/repositories/processing.repository.js';
import { apiCall } from './helpers/api-client.js';
import { signedInUser } from './helpers/fixtures.js';
import { publish, uploadFields } from './helpers/media.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { insertVideo } from './helpers/video-rows.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let queue: JobQueueRepository;
let processing: ProcessingRepository;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'waiting');
  other = await signedInUser(t.server, 'linkholder');
  queue = new JobQueueRepository(t.database.db, t.database.dialect);
  processing = new ProcessingRepository(t.database.db, t.database.dialect);
});
afterAll(async () => {
  await t.close();
});

/** Uploads a video that stays queued: no worker runs until the test processes it. */
async function upload(title: string, visibility = 'public'): Promise<Video> {
  const res = await publish(t.server, owner.cookie, await uploadFields({ title, visibility }));
  expect(res.statusCode).toBe(201);
  return res.json().data as Video;
}

const queuePosition = async (id: string, cookie = owner.cookie) =>
  (await apiCall(t, 'GET', `/videos/vid-id/${id}`, { cookie })).json().data.queuePosition;

describe('a video waiting to be processed', () => {
  it('tells its owner its place in the queue, in the order workers take jobs', async () => {
    const first = await upload('First in line');
    const second = await upload('Second in line');
    const third = await upload('Third in line');
    expect(await queuePosition(first._id)).toBe(1);
    expect(await queuePosition(second._id)).toBe(2);
    expect(await queuePosition(third._id)).toBe(3);

    // A worker takes the first: it is being processed, and the others move up.
    const claimed = await queue.claim('test-worker', Date.now(), 30_000);
    expect(claimed?.video_id).toBe(first._id);
    expect(await queuePosition(first._id)).toBeNull();
    expect(await queuePosition(second._id)).toBe(1);
    expect(await queuePosition(third._id)).toBe(2);
    await queue.release(claimed!.id, 'test-worker', Date.now());

    await t.processAll();
    for (const v of [first, second, third]) expect(await queuePosition(v._id)).toBeNull();
  });

  it('tells someone with the link that it is being processed, without its title', async () => {
    const shared = await upload('A secret working title', 'unlisted');
    for (const cookie of [undefined, other.cookie]) {
      const res = await apiCall(t, 'GET', `/videos/vid-id/${shared._id}`, { cookie });
      // Still a 404 for a client that reads only the status.
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        success: false,
        message: 'This video is being processed.',
        errors: [],
        reason: 'processing',
      });
      expect(res.body).not.toContain('secret');
    }
    // Every other read of it is the plain not-found.
    const comments = await apiCall(t, 'GET', `/comments/getvideocomments/u/${shared._id}`);
    expect(comments.statusCode).toBe(404);
    expect(comments.json().reason).toBeUndefined();

    await t.processAll();
    const ready = await apiCall(t, 'GET', `/videos/vid-id/${shared._id}`);
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toMatchObject({ title: 'A secret working title', playable: true });
  });

  it('stays a plain not-found when its owner chose private, or processing failed', async () => {
    const broken = await upload('Broken upload', 'public');
    const job = await queue.claim('test-worker', Date.now(), 30_000);
    expect(job?.video_id).toBe(broken._id);
    await queue.fail(job!.id, 'test-worker', 'Not a video', Date.now(), (trx) =>
      processing.markFailed(broken._id, 'Not a video', 0, trx),
    );
    const kept = await upload('Kept to myself', 'private');

    for (const id of [kept._id, broken._id]) {
      const res = await apiCall(t, 'GET', `/videos/vid-id/${id}`, { cookie: other.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        success: false,
        message: 'Video not found.',
        errors: [],
      });
    }
    await t.processAll();
  });
});

describe('views', () => {
  it('counts everyone but the owner', async () => {
    const v = await upload('Counted carefully');
    await t.processAll();
    const mine = await apiCall(t, 'POST', `/videos/increaseviews/${v._id}`, {
      cookie: owner.cookie,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({ views: 0, counted: false });

    const theirs = await apiCall(t, 'POST', `/videos/increaseviews/${v._id}`, {
      cookie: other.cookie,
    });
    expect(theirs.json().data).toEqual({ views: 1, counted: true });
    // An owner looking again changes nothing.
    const again = await apiCall(t, 'POST', `/videos/increaseviews/${v._id}`, {
      cookie: owner.cookie,
    });
    expect(again.json().data).toEqual({ views: 1, counted: false });
    const rows = await t.database.db
      .selectFrom('video_views')
      .select('viewer_id')
      .where('video_id', '=', v._id)
      .execute();
    expect(rows).toEqual([{ viewer_id: other.user._id }]);
  });
});

describe('the owner’s channel header', () => {
  it('counts what the owner’s grid shows, with the unlisted and private ones apart', async () => {
    const creator = await signedInUser(t.server, 'counted');
    const id = creator.user._id;
    await insertVideo(t, id, { visibility: 'public' });
    await insertVideo(t, id, { visibility: 'public' });
    await insertVideo(t, id, { visibility: 'unlisted' });
    await insertVideo(t, id, { visibility: 'private' });
    // Being processed: stored private, shown to its owner as the public video it will be.
    await insertVideo(t, id, {
      visibility: 'private',
      pending_visibility: 'public',
      status: 'processing',
      playable: 0,
    });

    const mine = (
      await apiCall(t, 'GET', `/users/c/${creator.username}`, { cookie: creator.cookie })
    ).json().data;
    const grid = (
      await apiCall(t, 'GET', `/videos/getallvideos?page=1&limit=60&query=${id}`, {
        cookie: creator.cookie,
      })
    ).json();
    expect(mine.ownVideos).toEqual({ total: 5, unlisted: 1, private: 1 });
    expect(grid.totalVideos).toBe(mine.ownVideos.total);
    expect(grid.data).toHaveLength(5);
    // The field the original client reads keeps its meaning: the public count.
    expect(mine.videosCount).toBe(2);

    const theirs = (
      await apiCall(t, 'GET', `/users/c/${creator.username}`, { cookie: other.cookie })
    ).json().data;
    expect(theirs.ownVideos).toBeNull();
    expect(theirs.videosCount).toBe(2);
  });
});
