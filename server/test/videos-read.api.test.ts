import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';
import { newId } from '../src/lib/ids.js';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let carol: Awaited<ReturnType<typeof signedInUser>>;
const ids = {} as Record<'pubA' | 'pubB' | 'pubC' | 'priv' | 'unlisted', string>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t.server, 'alice');
  bob = await signedInUser(t.server, 'bob');
  carol = await signedInUser(t.server, 'carol');
  ids.pubA = await insertVideo(t, alice.user._id, {
    title: 'Banana bread recipe',
    hashtag: '#Baking #food',
    views: 5,
    duration: 300,
  });
  ids.pubB = await insertVideo(t, alice.user._id, {
    title: 'apple pie tutorial',
    hashtag: '#baking',
    views: 50,
    duration: 30,
  });
  ids.pubC = await insertVideo(t, bob.user._id, {
    title: 'Cycling in the Alps',
    hashtag: '#Travel #100%real',
    views: 20,
    duration: 120,
  });
  ids.priv = await insertVideo(t, alice.user._id, {
    title: 'Secret banana plans',
    hashtag: '#private',
    visibility: 'private',
  });
  ids.unlisted = await insertVideo(t, alice.user._id, {
    title: 'Unlisted banana outtakes',
    hashtag: '#unlisted',
    visibility: 'unlisted',
  });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.server.inject({ method: 'GET', url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });
const idsOf = (body: { data: { _id: string }[] }) => body.data.map((v) => v._id);

describe('GET /videos/getallvideos', () => {
  it('answers the public feed with the list fields at the top level', async () => {
    const res = await get('/videos/getallvideos');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, totalVideos: 3, totalPages: 1, currentPage: 1 });
    expect(idsOf(body).sort()).toEqual([ids.pubA, ids.pubB, ids.pubC].sort());
    expect(body.data[0]).toHaveProperty('owner.username');
    expect(body.data[0]).toHaveProperty('isPublished', true);
  });

  it('paginates and sorts by a whitelisted field in either direction', async () => {
    const byViews = await get('/videos/getallvideos?page=1&limit=2&sortBy=views&sortType=desc');
    expect(byViews.json()).toMatchObject({ totalVideos: 3, totalPages: 2, currentPage: 1 });
    expect(idsOf(byViews.json())).toEqual([ids.pubB, ids.pubC]);
    const page2 = await get('/videos/getallvideos?page=2&limit=2&sortBy=views&sortType=desc');
    expect(idsOf(page2.json())).toEqual([ids.pubA]);
    const byTitle = await get('/videos/getallvideos?sortBy=title&sortType=asc');
    // Case-insensitive order on both dialects: apple, Banana, Cycling.
    expect(idsOf(byTitle.json())).toEqual([ids.pubB, ids.pubA, ids.pubC]);
    const byDuration = await get('/videos/getallvideos?sortBy=duration&sortType=asc');
    expect(idsOf(byDuration.json())).toEqual([ids.pubB, ids.pubC, ids.pubA]);
    const newest = await get('/videos/getallvideos');
    expect(idsOf(newest.json())).toEqual([ids.pubC, ids.pubB, ids.pubA]);
  });

  it('refuses a sort field outside the whitelist and a limit over 100', async () => {
    expect((await get('/videos/getallvideos?sortBy=password_hash')).statusCode).toBe(400);
    expect((await get('/videos/getallvideos?sortType=sideways')).statusCode).toBe(400);
    expect((await get('/videos/getallvideos?limit=101')).statusCode).toBe(400);
    expect((await get('/videos/getallvideos?page=0')).statusCode).toBe(400);
  });

  it('lists one user’s videos: all for that user, public only for others', async () => {
    const own = await get(`/videos/getallvideos?query=${alice.user._id}`, alice.cookie);
    expect(own.json().totalVideos).toBe(4);
    expect(idsOf(own.json())).toEqual(
      expect.arrayContaining([ids.pubA, ids.pubB, ids.priv, ids.unlisted]),
    );
    const other = await get(`/videos/getallvideos?query=${alice.user._id}`, bob.cookie);
    expect(idsOf(other.json()).sort()).toEqual([ids.pubA, ids.pubB].sort());
    const anon = await get(`/videos/getallvideos?query=${alice.user._id}`);
    expect(anon.json().totalVideos).toBe(2);
    const nobody = await get(`/videos/getallvideos?query=${newId()}`);
    expect(nobody.json()).toMatchObject({ data: [], totalVideos: 0, totalPages: 0 });
  });
});

describe('GET /videos/vid-id/{id}', () => {
  it('answers a public video with real counts and the viewer’s state', async () => {
    const now = Date.now();
    await t.database.db
      .insertInto('likes')
      .values([
        {
          user_id: bob.user._id,
          target_type: 'Video',
          target_id: ids.pubA,
          kind: 'like',
          created_at: now,
        },
        {
          user_id: carol.user._id,
          target_type: 'Video',
          target_id: ids.pubA,
          kind: 'dislike',
          created_at: now,
        },
      ])
      .execute();
    await t.database.db
      .insertInto('subscriptions')
      .values({ subscriber_id: bob.user._id, channel_id: alice.user._id, created_at: now })
      .execute();

    const asBob = (await get(`/videos/vid-id/${ids.pubA}`, bob.cookie)).json();
    expect(asBob.data).toMatchObject({
      _id: ids.pubA,
      title: 'Banana bread recipe',
      likesCount: 1,
      subscribersCount: 1,
      isLikedByUser: true,
      isDislikedByUser: false,
      isSubscribedByUser: true,
      owner: { _id: alice.user._id, username: alice.username },
    });
    const asCarol = (await get(`/videos/vid-id/${ids.pubA}`, carol.cookie)).json();
    expect(asCarol.data).toMatchObject({
      isLikedByUser: false,
      isDislikedByUser: true,
      isSubscribedByUser: false,
    });
    const anon = await get(`/videos/vid-id/${ids.pubA}`);
    expect(anon.statusCode).toBe(200);
    expect(anon.json().data).toMatchObject({ isLikedByUser: false, isSubscribedByUser: false });
  });

  it('hides a private video from everyone but its owner', async () => {
    expect((await get(`/videos/vid-id/${ids.priv}`, alice.cookie)).statusCode).toBe(200);
    const stranger = await get(`/videos/vid-id/${ids.priv}`, bob.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Video not found.');
    expect((await get(`/videos/vid-id/${ids.priv}`)).statusCode).toBe(404);
  });

  it('plays an unlisted video for anyone with the link, but keeps it out of feed and search', async () => {
    expect((await get(`/videos/vid-id/${ids.unlisted}`)).statusCode).toBe(200);
    expect(idsOf((await get('/videos/getallvideos')).json())).not.toContain(ids.unlisted);
    expect(idsOf((await get('/videos/search?q=banana')).json())).not.toContain(ids.unlisted);
    expect(idsOf((await get(`/videos/getallvideos?query=${alice.user._id}`)).json())).not.toContain(
      ids.unlisted,
    );
  });

  it('answers 404 with a message for malformed and unknown ids', async () => {
    for (const id of [newId(), 'not-an-id', "1' or '1'='1", 'ZZZZZZZZZZZZZZZZZZZZZZZZ']) {
      const res = await get(`/videos/vid-id/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Video not found.' });
    }
  });
});

describe('GET /videos/search', () => {
  it('finds public videos by title or hashtag, case-insensitively, newest first', async () => {
    const byTitle = (await get('/videos/search?q=BANANA')).json();
    expect(idsOf(byTitle)).toEqual([ids.pubA]);
    expect(byTitle).toMatchObject({ success: true, totalVideos: 1, totalPages: 1, currentPage: 1 });
    const byHashtag = (await get('/videos/search?q=baking')).json();
    expect(idsOf(byHashtag)).toEqual([ids.pubB, ids.pubA]);
    const short = (await get('/videos/search?q=al')).json();
    expect(idsOf(short)).toEqual([ids.pubC, ids.pubB]);
    const page = (await get('/videos/search?q=baking&limit=1&page=2')).json();
    expect(page).toMatchObject({ totalVideos: 2, totalPages: 2, currentPage: 2 });
    expect(idsOf(page)).toEqual([ids.pubA]);
  });

  it('treats % and _ as literal characters', async () => {
    expect(idsOf((await get('/videos/search?q=%25')).json())).toEqual([ids.pubC]);
    expect(idsOf((await get(`/videos/search?q=${encodeURIComponent('0%r')}`)).json())).toEqual([
      ids.pubC,
    ]);
    expect((await get('/videos/search?q=_')).json().data).toEqual([]);
    expect((await get(`/videos/search?q=${encodeURIComponent('b_n')}`)).json().data).toEqual([]);
    expect((await get(`/videos/search?q=${encodeURIComponent('"banana')}`)).json().data).toEqual(
      [],
    );
  });

  it('answers an empty list for an empty query', async () => {
    expect((await get('/videos/search?q=%20')).json()).toMatchObject({ data: [], totalVideos: 0 });
  });

  it('keeps the index in step with title changes and deletes', async () => {
    const id = await insertVideo(t, carol.user._id, { title: 'Zebra crossing' });
    expect(idsOf((await get('/videos/search?q=zebra')).json())).toEqual([id]);
    await t.database.db
      .updateTable('videos')
      .set({ title: 'Horse crossing' })
      .where('id', '=', id)
      .execute();
    expect((await get('/videos/search?q=zebra')).json().data).toEqual([]);
    expect(idsOf((await get('/videos/search?q=horse')).json())).toEqual([id]);
    await t.database.db.deleteFrom('videos').where('id', '=', id).execute();
    expect((await get('/videos/search?q=horse')).json().data).toEqual([]);
  });
});

describe('GET /videos/suggestions', () => {
  it('answers at most 5 public titles containing q', async () => {
    for (let i = 0; i < 7; i += 1) {
      await insertVideo(t, carol.user._id, { title: `Quokka clip ${i}` });
    }
    await insertVideo(t, carol.user._id, { title: 'Quokka private', visibility: 'private' });
    const res = await get('/videos/suggestions?q=quokka');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { _id: string; title: string }[];
    expect(data).toHaveLength(5);
    for (const s of data) {
      expect(Object.keys(s).sort()).toEqual(['_id', 'title']);
      expect(s.title).toMatch(/^Quokka clip/);
    }
    expect((await get('/videos/suggestions?q=bread')).json().data).toEqual([
      { _id: ids.pubA, title: 'Banana bread recipe' },
    ]);
    // A hashtag match is not a title match.
    expect((await get('/videos/suggestions?q=travel')).json().data).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every videos route', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/videos/publishavideo',
        '/api/v1/videos/getallvideos',
        '/api/v1/videos/search',
        '/api/v1/videos/suggestions',
        '/api/v1/videos/vid-id/{id}',
        '/api/v1/videos/increaseviews/{id}',
        '/api/v1/videos/deletevid/{id}',
        '/api/v1/videos/{id}',
        '/api/v1/videos/{id}/download',
      ]),
    );
  });
});
