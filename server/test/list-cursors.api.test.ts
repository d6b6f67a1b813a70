import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { manualClock } from './helpers/clock.js';
import { signedInUser } from './helpers/fixtures.js';
import { apiCall } from './helpers/api-client.js';
import { insertVideo } from './helpers/video-rows.js';
import { insertVideoRows, videoRow } from './helpers/factories.js';

// Every list can be followed page after page by the cursor its answer carries: a page starts
// after the last row shown, so rows added meanwhile are neither repeated nor skipped. Clients
// that send only page and limit get what they always got, with one more field.

let t: TestApp;
const clock = manualClock();
let owner: Awaited<ReturnType<typeof signedInUser>>;
let viewer: Awaited<ReturnType<typeof signedInUser>>;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  owner = await signedInUser(t.server, 'paged');
  viewer = await signedInUser(t.server, 'scroller');
  // Oldest first: ids[6] is the newest. Titles sort the other way round from time.
  for (let i = 0; i < 7; i += 1) {
    ids.push(
      await insertVideo(t, owner.user._id, {
        title: `Paged ${String.fromCharCode(103 - i)} video`,
        hashtag: '#pagedlist',
        views: i,
      }),
    );
  }
});
afterAll(async () => {
  await t.close();
});

type ListBody = { data: { _id: string }[]; nextCursor: string | null; [k: string]: unknown };

const get = async (url: string, cookie?: string): Promise<ListBody> => {
  const res = await apiCall(t, 'GET', url, { cookie });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as ListBody;
};

/** Follows a list's cursors to its end; answers every id in order and each page's size. */
async function walk(first: string, cookie?: string, between?: () => Promise<void>) {
  const seen: string[] = [];
  const sizes: number[] = [];
  let body = await get(first, cookie);
  for (;;) {
    seen.push(...body.data.map((v) => v._id));
    sizes.push(body.data.length);
    if (!body.nextCursor) return { seen, sizes };
    await between?.();
    const url = new URL(first, 'http://x');
    url.searchParams.set('cursor', body.nextCursor);
    body = await get(`${url.pathname}${url.search}`, cookie);
  }
}

const newestFirst = () => [...ids].reverse();

describe('the feed and channel lists', () => {
  it('keep what the original client reads, and add nextCursor', async () => {
    const body = await get('/videos/getallvideos?page=1&limit=60');
    expect(body).toMatchObject({
      statusCode: 200,
      success: true,
      totalVideos: 7,
      totalPages: 1,
      currentPage: 1,
      nextCursor: null,
    });
    expect(body.data.map((v) => v._id)).toEqual(newestFirst());
  });

  it('follow the cursor to the end with no row twice, even as new videos arrive', async () => {
    const added: string[] = [];
    const { seen, sizes } = await walk(
      '/videos/getallvideos?page=1&limit=3',
      undefined,
      async () => {
        // A new upload lands at the top between two pages; offset paging would repeat a row.
        added.push(await insertVideo(t, owner.user._id, { title: 'Arrived meanwhile' }));
      },
    );
    expect(seen).toEqual(newestFirst());
    expect(sizes).toEqual([3, 3, 1]);
    const offsetPage2 = await get('/videos/getallvideos?page=2&limit=3');
    // By position, the second page now starts with rows already seen on the first.
    expect(offsetPage2.data.map((v) => v._id)).toContain(newestFirst()[2]);
    await t.database.db.deleteFrom('videos').where('id', 'in', added).execute();
  });

  it('follow a title order and an owner’s own list by cursor', async () => {
    const byTitle = await walk(
      `/videos/getallvideos?limit=2&query=${owner.user._id}&sortBy=title&sortType=asc`,
      owner.cookie,
    );
    expect(byTitle.seen).toEqual(newestFirst());
    const oldestFirst = await walk(
      `/videos/getallvideos?limit=4&query=${owner.user._id}&sortBy=createdAt&sortType=asc`,
    );
    expect(oldestFirst.seen).toEqual(ids);
  });

  it('page by position through the same rows as the whole list, in both time orders', async () => {
    // One of the owner's own videos is private: their list pages over it, a visitor's not.
    const hidden = await insertVideo(t, owner.user._id, { title: 'Paged private video' });
    await t.database.db
      .updateTable('videos')
      .set({ visibility: 'private' })
      .where('id', '=', hidden)
      .execute();
    // Someone else's upload is in the feed and not in the owner's list.
    const other = await insertVideo(t, viewer.user._id, { title: 'Paged other video' });
    const byPosition = async (list: string, cookie?: string) => {
      const seen: string[] = [];
      for (let page = 1; page <= 5; page += 1) {
        const body = await get(`${list}&limit=2&page=${page}`, cookie);
        seen.push(...body.data.map((v) => v._id));
      }
      return seen;
    };
    const ownList = `/videos/getallvideos?query=${owner.user._id}`;
    const cases: [string, string | undefined, string[]][] = [
      ['/videos/getallvideos?sortBy=createdAt', undefined, [other, ...newestFirst()]],
      ['/videos/getallvideos?sortBy=createdAt&sortType=asc', undefined, [...ids, other]],
      [ownList, undefined, newestFirst()],
      [ownList, owner.cookie, [hidden, ...newestFirst()]],
      [`${ownList}&sortBy=createdAt&sortType=asc`, owner.cookie, [...ids, hidden]],
    ];
    for (const [list, cookie, expected] of cases) {
      expect(await byPosition(list, cookie), `${list} ${cookie ? 'owner' : 'visitor'}`).toEqual(
        expected,
      );
    }
    await t.database.db.deleteFrom('videos').where('id', 'in', [hidden, other]).execute();
  });

  it('offer no cursor for the views and duration orders, which page by position', async () => {
    for (const sortBy of ['views', 'duration']) {
      const body = await get(`/videos/getallvideos?limit=2&sortBy=${sortBy}`);
      expect(body.nextCursor, sortBy).toBeNull();
      expect(body.totalPages, sortBy).toBe(4);
    }
  });

  it('refuse a cursor that is not theirs with a 400 naming the field', async () => {
    const { nextCursor } = await get('/videos/getallvideos?limit=2');
    const cases = [
      'garbage',
      'e30',
      Buffer.from(JSON.stringify(['created_at:desc', 1e300, 'x', 0])).toString('base64url'),
      Buffer.from(JSON.stringify(['created_at:desc', 1, 'x\u0000', 0])).toString('base64url'),
    ];
    const urls = [
      ...cases.map((c) => `/videos/getallvideos?limit=2&cursor=${c}`),
      // A time cursor used for the title order, and any cursor for views.
      `/videos/getallvideos?limit=2&sortBy=title&cursor=${nextCursor}`,
      `/videos/getallvideos?limit=2&sortBy=views&cursor=${nextCursor}`,
      `/videos/getallvideos?cursor=${'a'.repeat(600)}`,
    ];
    for (const url of urls) {
      const res = await apiCall(t, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].field, url).toBe('cursor');
    }
  });
});

describe('search', () => {
  it('follows the cursor through index and short-text searches alike', async () => {
    expect((await walk('/videos/search?q=pagedlist&limit=3')).seen).toEqual(newestFirst());
    expect((await walk('/videos/search?q=Pa&limit=2')).seen).toEqual(newestFirst());
  });

  it('follows the cursor oldest first and with a filter, both ways', async () => {
    for (const q of ['pagedlist', 'Pa']) {
      const oldest = await walk(`/videos/search?q=${q}&limit=3&sortBy=createdAt&sortType=asc`);
      expect(oldest.seen, q).toEqual(ids);
      const thisWeek = await walk(`/videos/search?q=${q}&limit=2&uploadDate=week`);
      expect(thisWeek.seen, q).toEqual(newestFirst());
    }
  });

  it('pages the ranked orders by number, and refuses a cursor there or from the other way', async () => {
    for (const sortBy of ['relevance', 'views', 'duration']) {
      const body = await get(`/videos/search?q=pagedlist&limit=2&sortBy=${sortBy}`);
      expect(body.nextCursor, sortBy).toBeNull();
      expect(body.totalPages, sortBy).toBe(4);
    }
    const { nextCursor } = await get('/videos/search?q=pagedlist&limit=2');
    for (const url of [
      `/videos/search?q=pagedlist&limit=2&sortBy=views&cursor=${nextCursor}`,
      `/videos/search?q=pagedlist&limit=2&sortBy=createdAt&sortType=asc&cursor=${nextCursor}`,
    ]) {
      const res = await apiCall(t, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].field, url).toBe('cursor');
    }
  });

  it('stops at the count cap by cursor as by page', async () => {
    const start = Date.now() - 10_000_000;
    const rows = Array.from({ length: 1005 }, (_, i) =>
      videoRow(viewer, { title: `Deep search ${i}`, hashtag: '#deepcap', created_at: start + i }),
    );
    await insertVideoRows(t, rows);
    const { seen, sizes } = await walk('/videos/search?q=deepcap&limit=100');
    expect(seen).toHaveLength(1000);
    expect(new Set(seen).size).toBe(1000);
    expect(sizes).toEqual(Array(10).fill(100));
    await t.database.db.deleteFrom('videos').where('hashtag', '=', '#deepcap').execute();
  });
});

describe('the viewer’s lists', () => {
  it('subscriptions, liked videos and the studio follow their cursors', async () => {
    const subscribe = await apiCall(t, 'POST', `/subscriptions/u/${owner.user._id}`, {
      cookie: viewer.cookie,
    });
    expect(subscribe.statusCode).toBe(200);
    expect((await walk('/subscriptions/videos?limit=3', viewer.cookie)).seen).toEqual(
      newestFirst(),
    );

    for (const id of ids) {
      const like = await apiCall(t, 'POST', `/toggle/like-dislike/${id}/like`, {
        cookie: viewer.cookie,
        payload: { contentType: 'Video' },
      });
      expect(like.statusCode).toBe(200);
      // Likes a millisecond apart at least, so "newest like first" is one order.
      clock.advance();
    }
    const liked = await walk('/toggle/getlikedvideos?limit=2', viewer.cookie);
    expect(liked.seen).toEqual(newestFirst());
    expect(liked.sizes).toEqual([2, 2, 2, 1]);

    expect((await walk('/studio/videos?limit=3', owner.cookie)).seen).toEqual(newestFirst());
    expect((await walk('/studio/videos?limit=3&sortBy=title', owner.cookie)).seen).toEqual(
      newestFirst(),
    );
    const byViews = await get('/studio/videos?limit=3&sortBy=views', owner.cookie);
    expect(byViews.nextCursor).toBeNull();
    expect(byViews.totalPages).toBe(3);
  });
});

describe('comments', () => {
  it('page top-level comments by cursor, each with its own replies', async () => {
    const video = ids[0]!;
    const top: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await apiCall(t, 'POST', `/comments/createcomments/u/${video}`, {
        cookie: viewer.cookie,
        payload: { content: `Comment number ${i}` },
      });
      top.push(res.json().data._id);
      clock.advance();
    }
    await apiCall(t, 'POST', `/comments/replycomment/u/${top[3]}`, {
      cookie: owner.cookie,
      payload: { content: 'A reply to number 3' },
    });
    const pages: { _id: string; replies: unknown[] }[][] = [];
    let url = `/comments/getvideocomments/u/${video}?limit=2`;
    for (;;) {
      const body = (await get(url)) as unknown as {
        data: { _id: string; replies: unknown[] }[];
        nextCursor: string | null;
        totalComments: number;
      };
      expect(body.totalComments).toBe(6);
      pages.push(body.data);
      if (!body.nextCursor) break;
      url = `/comments/getvideocomments/u/${video}?limit=2&cursor=${body.nextCursor}`;
    }
    expect(pages.flat().map((c) => c._id)).toEqual([...top].reverse());
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((c) => c.replies.length)).toEqual([0, 1, 0, 0, 0]);
  });
});

// After the comments above: every list here has a second page.
describe('a cursor made for another list', () => {
  it('is refused by each list, though the order is the same', async () => {
    const lists = {
      feed: '/videos/getallvideos?limit=2',
      subscriptions: '/subscriptions/videos?limit=2',
      liked: '/toggle/getlikedvideos?limit=2',
      studio: '/studio/videos?limit=2',
      comments: `/comments/getvideocomments/u/${ids[0]}?limit=2`,
    };
    const cookieFor = (name: string) => (name === 'studio' ? owner.cookie : viewer.cookie);
    const cursors = new Map<string, string>();
    for (const [name, url] of Object.entries(lists)) {
      const cursor = (await get(url, cookieFor(name))).nextCursor;
      expect(cursor, name).toEqual(expect.any(String));
      cursors.set(name, cursor!);
    }
    for (const [name, url] of Object.entries(lists)) {
      for (const [from, cursor] of cursors) {
        const res = await apiCall(t, 'GET', `${url}&cursor=${cursor}`, { cookie: cookieFor(name) });
        expect(res.statusCode, `${from} cursor on ${name}`).toBe(from === name ? 200 : 400);
        if (from !== name) expect(res.json().errors[0].field).toBe('cursor');
      }
    }
  });
});
