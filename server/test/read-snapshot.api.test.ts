import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@contract';
import type { DatabaseHandle } from '../src/db/database.js';
import { newId } from '../src/lib/ids.js';
import { apiCall } from './helpers/api-client.js';
import { signedInUser } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * A list decides which videos a visitor may see and then reads how they look; a comment page
 * checks its video and then reads the page. Another process's edit landing between the two
 * steps must not show through: each answer is one consistent read. The write is landed exactly
 * between the steps (the app's `betweenReads` seam) through a second connection, as another
 * server process would make it.
 */
let t: TestApp;
let other: DatabaseHandle;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let fan: Awaited<ReturnType<typeof signedInUser>>;
let landing: (() => Promise<void>) | undefined;
let landed = 0;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      betweenReads: async () => {
        const write = landing;
        landing = undefined;
        if (!write) return;
        await write();
        landed += 1;
      },
    },
  );
  other = t.reopen();
  owner = await signedInUser(t.server, 'owner');
  fan = await signedInUser(t.server, 'fan');
  const sub = await apiCall(t, 'POST', API_PATHS.toggleSubscription(owner.user._id), {
    cookie: fan.cookie,
  });
  expect(sub.statusCode).toBe(200);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** The owner's comment on `videoId`, written by another process a second from now. */
async function commentElsewhere(videoId: string, content: string): Promise<void> {
  const now = Date.now() + 1000;
  await other.db
    .insertInto('comments')
    .values({
      id: newId(now),
      video_id: videoId,
      owner_id: owner.user._id,
      parent_id: null,
      content,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Between the next read's two steps, the owner makes the video private and retitles it. */
function hideBetweenReads(id: string): void {
  landing = async () => {
    await other.db
      .updateTable('videos')
      .set({ visibility: 'private', title: 'Secret plan' })
      .where('id', '=', id)
      .execute();
  };
}

const LISTS: { name: string; url: string; cookie: () => string | undefined }[] = [
  { name: 'home feed', url: `${API_PATHS.videos}?limit=50`, cookie: () => undefined },
  {
    name: 'channel',
    url: `${API_PATHS.videos}?limit=50&query=${'{owner}'}`,
    cookie: () => fan.cookie,
  },
  { name: 'search', url: `${API_PATHS.searchVideos}?q=%23snap`, cookie: () => undefined },
  { name: 'subscriptions feed', url: API_PATHS.subscriptionVideos, cookie: () => fan.cookie },
  { name: 'liked videos', url: API_PATHS.likedVideos, cookie: () => fan.cookie },
];

describe('one consistent read per answer', () => {
  for (const list of LISTS) {
    it(`${list.name}: an edit between the steps never shows a private title`, async () => {
      const id = await insertVideo(t, owner.user._id, { title: 'Open plan', hashtag: '#snap' });
      const like = await apiCall(t, 'POST', API_PATHS.toggleLike(id, 'like'), {
        cookie: fan.cookie,
        payload: { contentType: 'Video' },
      });
      expect(like.statusCode).toBe(200);
      const url = list.url.replace('{owner}', owner.user._id);
      const before = landed;

      hideBetweenReads(id);
      const res = await apiCall(t, 'GET', url, { cookie: list.cookie() });
      expect(landed).toBe(before + 1);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { _id: string; title: string; visibility: string }[];
      expect(data.map((v) => v.title)).not.toContain('Secret plan');
      // The answer is the database as it was before the edit: the video, public, as it was.
      expect(data.find((v) => v._id === id)).toMatchObject({
        title: 'Open plan',
        visibility: 'public',
      });

      // The next read sees the edit: the video is gone from what a visitor may see.
      const after = await apiCall(t, 'GET', url, { cookie: list.cookie() });
      expect((after.json().data as { _id: string }[]).map((v) => v._id)).not.toContain(id);
    });
  }

  for (const [name, url] of [
    ['home feed', `${API_PATHS.videos}?limit=50`],
    ['search', `${API_PATHS.searchVideos}?q=%23kept`],
  ] as const) {
    it(`${name} with every card and count kept: an edit landing after its one statement never shows`, async () => {
      await fastPathShowsTheStatementsRead(url);
    });
  }

  async function fastPathShowsTheStatementsRead(url: string): Promise<void> {
    const id = await insertVideo(t, owner.user._id, { title: 'Open plan', hashtag: '#kept' });
    // Two reads keep every card of the page at its version: the next read is one statement.
    for (let i = 0; i < 2; i += 1) expect((await apiCall(t, 'GET', url)).statusCode).toBe(200);
    const before = landed;

    hideBetweenReads(id);
    const res = await apiCall(t, 'GET', url);
    expect(landed).toBe(before + 1);
    const data = res.json().data as { _id: string; title: string; visibility: string }[];
    expect(data.map((v) => v.title)).not.toContain('Secret plan');
    expect(data.find((v) => v._id === id)).toMatchObject({
      title: 'Open plan',
      visibility: 'public',
    });

    const after = await apiCall(t, 'GET', url);
    expect((after.json().data as { _id: string }[]).map((v) => v._id)).not.toContain(id);
  }

  it('studio: a retitle between the steps shows the row and its entry from one moment', async () => {
    const id = await insertVideo(t, owner.user._id, { title: 'Open plan' });
    hideBetweenReads(id);
    const res = await apiCall(t, 'GET', `${API_PATHS.studioVideos}?limit=100`, {
      cookie: owner.cookie,
    });
    expect(res.statusCode).toBe(200);
    const entry = (res.json().data as { _id: string; title: string; visibility: string }[]).find(
      (v) => v._id === id,
    );
    expect(entry).toMatchObject({ title: 'Open plan', visibility: 'public' });
  });

  it('comments: a page answers for the video as it was when its visibility was checked', async () => {
    const id = await insertVideo(t, owner.user._id, { title: 'Talked about' });
    const first = await apiCall(t, 'POST', API_PATHS.createComment(id), {
      cookie: fan.cookie,
      payload: { content: 'First!' },
    });
    expect(first.statusCode).toBe(201);
    landing = async () => {
      await other.db
        .updateTable('videos')
        .set({ visibility: 'private' })
        .where('id', '=', id)
        .execute();
      await commentElsewhere(id, 'Written after it went private');
    };
    const res = await apiCall(t, 'GET', API_PATHS.videoComments(id));
    expect(landing).toBeUndefined();
    expect(res.statusCode).toBe(200);
    const page = res.json() as { data: { content: string }[]; totalComments: number };
    expect(page.data.map((c) => c.content)).toEqual(['First!']);
    expect(page.totalComments).toBe(1);
    expect((await apiCall(t, 'GET', API_PATHS.videoComments(id))).statusCode).toBe(404);
  });

  it('comments: a page kept at the version its video row reads answers from that row alone', async () => {
    const id = await insertVideo(t, owner.user._id, { title: 'Kept talk' });
    const posted = await apiCall(t, 'POST', API_PATHS.createComment(id), {
      cookie: fan.cookie,
      payload: { content: 'Kept comment' },
    });
    expect(posted.statusCode).toBe(201);
    const probe = async () => {};
    const read = async () => {
      landing = probe;
      const res = await apiCall(t, 'GET', API_PATHS.videoComments(id));
      const snapshotRead = landing === undefined;
      landing = undefined;
      return { res, snapshotRead };
    };

    // The first read keeps the page; the next one finds it kept at the same version.
    expect((await read()).snapshotRead).toBe(true);
    const kept = await read();
    expect(kept.snapshotRead).toBe(false);
    expect(kept.res.json().data.map((c: { content: string }) => c.content)).toEqual([
      'Kept comment',
    ]);

    // Another process's new comment moves the version: the page is read again, and shows it.
    await commentElsewhere(id, 'Landed elsewhere');
    const moved = await read();
    expect(moved.snapshotRead).toBe(true);
    expect(moved.res.json().data.map((c: { content: string }) => c.content)).toEqual([
      'Landed elsewhere',
      'Kept comment',
    ]);

    // Still kept, the page is not shown once the video is private: the same row decides.
    expect((await read()).snapshotRead).toBe(false);
    await other.db
      .updateTable('videos')
      .set({ visibility: 'private' })
      .where('id', '=', id)
      .execute();
    expect((await read()).res.statusCode).toBe(404);
  });
});
