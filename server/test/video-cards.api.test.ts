import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { insertVideo } from './helpers/video-rows.js';
import { apiCall, type Method } from './helpers/api-client.js';

/**
 * List entries are kept by the server between requests (VideoCards): every list must show a
 * video's edits, its owner's new name and picture, and its latest view count on the next read.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let fan: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'owner');
  fan = await signedInUser(t.server, 'fan');
});
afterAll(async () => {
  await t.close();
});

const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);

interface Entry {
  _id: string;
  title: string;
  description: string;
  hashtag: string;
  views: number;
  isPublished: boolean;
  visibility: string;
  owner: { username: string; avatar: string };
}

/** The video's entry in each list that shows it to `fan` or, for the studio, to its owner. */
async function entries(id: string): Promise<Record<string, Entry | undefined>> {
  const find = async (url: string, cookie = fan.cookie) => {
    const res = await api('GET', url, { cookie });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Entry[]).find((v) => v._id === id);
  };
  return {
    feed: await find('/videos/getallvideos?limit=100'),
    channel: await find(`/videos/getallvideos?query=${owner.user._id}&limit=100`, owner.cookie),
    search: await find('/videos/search?q=%23cards'),
    liked: await find('/toggle/getlikedvideos'),
    subscriptions: await find('/subscriptions/videos'),
    studio: await find('/studio/videos?limit=100', owner.cookie),
  };
}

describe('list entries kept between requests', () => {
  it('show edits, view counts and the owner’s new name in every list', async () => {
    const id = await insertVideo(t, owner.user._id, { title: 'Card before', hashtag: '#cards' });
    expect(
      (await api('POST', `/subscriptions/u/${owner.user._id}`, { cookie: fan.cookie })).statusCode,
    ).toBe(200);
    const liked = await api('POST', `/toggle/like-dislike/${id}/like`, {
      cookie: fan.cookie,
      payload: { contentType: 'Video' },
    });
    expect(liked.statusCode).toBe(200);
    const lists = Object.keys(await entries(id));
    for (const [list, entry] of Object.entries(await entries(id))) {
      expect(entry, list).toMatchObject({ title: 'Card before', views: 0 });
    }

    const edited = await api('PATCH', `/videos/${id}`, {
      cookie: owner.cookie,
      payload: { title: 'Card after', description: 'New words', hashtag: '#edited' },
    });
    expect(edited.statusCode).toBe(200);
    // The hashtag changed, so search by the old one no longer finds it.
    const afterEdit = await entries(id);
    expect(afterEdit.search).toBeUndefined();
    for (const list of lists.filter((l) => l !== 'search')) {
      expect(afterEdit[list], list).toMatchObject({
        title: 'Card after',
        description: 'New words',
        hashtag: '#edited',
      });
    }

    expect(
      (await api('POST', `/videos/increaseviews/${id}`, { cookie: fan.cookie })).statusCode,
    ).toBe(200);
    for (const [list, entry] of Object.entries(await entries(id))) {
      if (list !== 'search') expect(entry?.views, list).toBe(1);
    }

    await t.database.db
      .updateTable('users')
      .set({ username: 'renamedowner', avatar_key: 'images/renamed.webp' })
      .where('id', '=', owner.user._id)
      .execute();
    for (const [list, entry] of Object.entries(await entries(id))) {
      if (list === 'search') continue;
      expect(entry?.owner, list).toMatchObject({
        username: 'renamedowner',
        avatar: expect.stringContaining('images/renamed.webp'),
      });
    }
  });

  it('show a change of visibility in the owner’s own lists', async () => {
    const id = await insertVideo(t, owner.user._id, { title: 'Going unlisted' });
    const own = async () => {
      const listed = await entries(id);
      return { channel: listed.channel, studio: listed.studio, feed: listed.feed };
    };
    expect(await own()).toMatchObject({
      channel: { isPublished: true, visibility: 'public' },
      studio: { isPublished: true, visibility: 'public' },
      feed: { isPublished: true },
    });
    const res = await api('PATCH', `/videos/${id}`, {
      cookie: owner.cookie,
      payload: { visibility: 'unlisted' },
    });
    expect(res.statusCode).toBe(200);
    const after = await own();
    expect(after.feed).toBeUndefined();
    expect(after).toMatchObject({
      channel: { isPublished: false, visibility: 'unlisted' },
      studio: { isPublished: false, visibility: 'unlisted' },
    });
  });
});
