import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { createUser, createVideo, insertVideoRows, videoRow } from './helpers/factories.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { manualClock } from './helpers/clock.js';
import { newId } from '../src/lib/ids.js';

let t: TestApp;
let creator: Awaited<ReturnType<typeof signedInUser>>;
let viewer: Awaited<ReturnType<typeof signedInUser>>;
// Subscriptions made one after another get later times only when the test says so.
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  creator = await signedInUser(t.server, 'creator');
  viewer = await signedInUser(t.server, 'viewer');
});
afterAll(async () => {
  await t.close();
});

const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);

const subscribe = (channelId: string, cookie: string | undefined) =>
  api('POST', `/subscriptions/u/${channelId}`, { cookie });

async function events(channelId: string) {
  return t.database.db
    .selectFrom('subscription_events')
    .select(['subscriber_id', 'delta', 'created_at'])
    .where('channel_id', '=', channelId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

describe('POST /subscriptions/u/{channelId}', () => {
  it('toggles, records each change, and agrees with the channel profile and video', async () => {
    const channel = await signedInUser(t.server, 'chan');
    const videoId = await createVideo(t, channel);
    const profile = async () =>
      (await api('GET', `/users/c/${channel.username}`, { cookie: viewer.cookie })).json().data;
    const video = async () =>
      (await api('GET', `/videos/vid-id/${videoId}`, { cookie: viewer.cookie })).json().data;
    expect(await profile()).toMatchObject({ subscribersCount: 0, isSubscribed: false });

    const on = await subscribe(channel.user._id, viewer.cookie);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      success: true,
      data: { isSubscribed: true, subscribersCount: 1 },
    });
    expect(await profile()).toMatchObject({ subscribersCount: 1, isSubscribed: true });
    expect(await video()).toMatchObject({ subscribersCount: 1, isSubscribedByUser: true });
    expect((await subscribe(channel.user._id, creator.cookie)).json().data).toEqual({
      isSubscribed: true,
      subscribersCount: 2,
    });

    const off = await subscribe(channel.user._id, viewer.cookie);
    expect(off.json().data).toEqual({ isSubscribed: false, subscribersCount: 1 });
    expect(await profile()).toMatchObject({ subscribersCount: 1, isSubscribed: false });
    expect(await video()).toMatchObject({ subscribersCount: 1, isSubscribedByUser: false });

    const log = await events(channel.user._id);
    expect(log.map((e) => [e.subscriber_id, e.delta])).toEqual([
      [viewer.user._id, 1],
      [creator.user._id, 1],
      [viewer.user._id, -1],
    ]);
    expect(log.every((e) => typeof e.created_at === 'number' && e.created_at > 0)).toBe(true);
  });

  it('refuses visitors, yourself, and unknown channels', async () => {
    expect((await subscribe(creator.user._id, undefined)).statusCode).toBe(401);
    const self = await subscribe(viewer.user._id, viewer.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ success: false, message: MESSAGES.selfSubscribe });
    for (const id of [newId(), 'nobody', '0'.repeat(24)]) {
      const res = await subscribe(id, viewer.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().success).toBe(false);
    }
  });

  it('applies concurrent toggles one after another', async () => {
    const channel = await signedInUser(t.server, 'busy');
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => subscribe(channel.user._id, viewer.cookie)),
    );
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    expect(burst.filter((r) => r.json().data.isSubscribed)).toHaveLength(5);
    const rows = await t.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('channel_id', '=', channel.user._id)
      .execute();
    expect(rows).toEqual([]);
    const log = await events(channel.user._id);
    expect(log).toHaveLength(10);
    expect(log.reduce((sum, e) => sum + e.delta, 0)).toBe(0);

    const odd = await Promise.all(
      Array.from({ length: 5 }, () => subscribe(channel.user._id, viewer.cookie)),
    );
    expect(odd.every((r) => r.statusCode === 200)).toBe(true);
    const profile = (
      await api('GET', `/users/c/${channel.username}`, { cookie: viewer.cookie })
    ).json().data;
    expect(profile).toMatchObject({ subscribersCount: 1, isSubscribed: true });
  });
});

describe('GET /subscriptions/c/{userId}', () => {
  it('lists the channels a user subscribes to with their counts, newest first', async () => {
    const me = await signedInUser(t.server, 'me');
    const a = await signedInUser(t.server, 'chana');
    const b = await signedInUser(t.server, 'chanb');
    await createVideo(t, a);
    await createVideo(t, a);
    await createVideo(t, a, { visibility: 'private' });
    await createVideo(t, a, { visibility: 'unlisted' });
    await subscribe(a.user._id, me.cookie);
    clock.advance();
    await subscribe(b.user._id, me.cookie);
    await subscribe(a.user._id, viewer.cookie);

    const res = await api('GET', `/subscriptions/c/${me.user._id}`, { cookie: me.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        channel: {
          _id: b.user._id,
          username: b.username,
          fullName: b.fullName,
          avatar: expect.stringMatching(/^\/media\//),
        },
        subscriberCount: 1,
        videoCount: 0,
      },
      {
        channel: {
          _id: a.user._id,
          username: a.username,
          fullName: a.fullName,
          avatar: expect.stringMatching(/^\/media\//),
        },
        subscriberCount: 2,
        videoCount: 2,
      },
    ]);
    const none = await signedInUser(t.server, 'none');
    expect(
      (await api('GET', `/subscriptions/c/${none.user._id}`, { cookie: none.cookie })).json().data,
    ).toEqual([]);
  });

  it('requires sign-in and is readable only by that user', async () => {
    expect((await api('GET', `/subscriptions/c/${viewer.user._id}`)).statusCode).toBe(401);
    const other = await api('GET', `/subscriptions/c/${viewer.user._id}`, {
      cookie: creator.cookie,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /subscriptions/videos', () => {
  it('lists public videos of subscribed channels, newest first, paged', async () => {
    const me = await signedInUser(t.server, 'feed');
    const a = await signedInUser(t.server, 'feeda');
    const b = await signedInUser(t.server, 'feedb');
    const stranger = await signedInUser(t.server, 'strange');
    const empty = await api('GET', '/subscriptions/videos', { cookie: me.cookie });
    expect(empty.json()).toMatchObject({
      success: true,
      data: [],
      totalVideos: 0,
      totalPages: 0,
      currentPage: 1,
    });

    const a1 = await createVideo(t, a);
    const b1 = await createVideo(t, b);
    await createVideo(t, a, { visibility: 'private' });
    await createVideo(t, b, { visibility: 'unlisted' });
    await createVideo(t, stranger);
    const a2 = await createVideo(t, a);
    await createVideo(t, me);
    await subscribe(a.user._id, me.cookie);
    await subscribe(b.user._id, me.cookie);

    const res = await api('GET', '/subscriptions/videos', { cookie: me.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((v: { _id: string }) => v._id)).toEqual([a2, b1, a1]);
    expect(body).toMatchObject({ totalVideos: 3, totalPages: 1, currentPage: 1 });
    expect(body.data[0]).toMatchObject({ owner: { _id: a.user._id, username: a.username } });

    const page2 = (
      await api('GET', '/subscriptions/videos?page=2&limit=2', { cookie: me.cookie })
    ).json();
    expect(page2.data.map((v: { _id: string }) => v._id)).toEqual([a1]);
    expect(page2).toMatchObject({ totalVideos: 3, totalPages: 2, currentPage: 2 });
    // The last page draws on a channel's older videos, beyond the first page's share.
    const page3 = (
      await api('GET', '/subscriptions/videos?page=3&limit=1', { cookie: me.cookie })
    ).json();
    expect(page3.data.map((v: { _id: string }) => v._id)).toEqual([a1]);

    // Unsubscribing takes a channel's videos out of the feed.
    await subscribe(b.user._id, me.cookie);
    const after = (await api('GET', '/subscriptions/videos', { cookie: me.cookie })).json();
    expect(after.data.map((v: { _id: string }) => v._id)).toEqual([a2, a1]);
    expect(after.totalVideos).toBe(2);

    // The total follows a channel's public videos through uploads, visibility and deletion.
    const total = async () =>
      (await api('GET', '/subscriptions/videos', { cookie: me.cookie })).json().totalVideos;
    const setVisibility = (id: string, visibility: 'private' | 'unlisted' | 'public') =>
      api('PATCH', `/videos/${id}`, { cookie: a.cookie, payload: { visibility } });
    expect((await setVisibility(a1, 'unlisted')).statusCode).toBe(200);
    expect(await total()).toBe(1);
    expect((await setVisibility(a1, 'private')).statusCode).toBe(200);
    expect(await total()).toBe(1);
    expect((await setVisibility(a1, 'public')).statusCode).toBe(200);
    expect(await total()).toBe(2);
    await createVideo(t, a);
    expect(await total()).toBe(3);
    expect((await api('DELETE', `/videos/deletevid/${a2}`, { cookie: a.cookie })).statusCode).toBe(
      200,
    );
    expect(await total()).toBe(2);
  });

  it('merges many channels exactly, by page and by cursor, whatever the page size', async () => {
    const me = await createUser(t, { prefix: 'merger' });
    const base = Date.now() - 1_000_000;
    // Eight channels with 0 to 7 public videos each, their times interleaved and some equal,
    // and private videos among them; more channels than most pages hold.
    const expected: { id: string; at: number }[] = [];
    for (let c = 0; c < 8; c += 1) {
      const channel = await createUser(t, { prefix: `merged${c}` });
      expect((await subscribe(channel.user._id, me.cookie)).statusCode).toBe(200);
      const rows = Array.from({ length: c }, (_, i) => {
        const at = base + ((c * 37 + i * 53) % 97) * 1000;
        return videoRow(channel, { created_at: at, title: `Merged ${c}.${i}` });
      });
      rows.push(videoRow(channel, { created_at: base + 99_000, visibility: 'private' }));
      await insertVideoRows(t, rows);
      for (const r of rows)
        if (r.visibility === 'public') expected.push({ id: r.id, at: r.created_at });
    }
    const newest = expected.sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1)).map((v) => v.id);
    expect(newest).toHaveLength(28);
    for (const limit of [1, 2, 3, 5, 8, 30]) {
      const byPage: string[] = [];
      for (let page = 1; page <= Math.ceil(28 / limit); page += 1) {
        const res = await api('GET', `/subscriptions/videos?page=${page}&limit=${limit}`, {
          cookie: me.cookie,
        });
        expect(res.json().totalVideos).toBe(28);
        byPage.push(...res.json().data.map((v: { _id: string }) => v._id));
      }
      expect(byPage).toEqual(newest);
      const byCursor: string[] = [];
      let url = `/subscriptions/videos?limit=${limit}`;
      for (;;) {
        const body = (await api('GET', url, { cookie: me.cookie })).json();
        byCursor.push(...body.data.map((v: { _id: string }) => v._id));
        if (!body.nextCursor) break;
        url = `/subscriptions/videos?limit=${limit}&cursor=${encodeURIComponent(body.nextCursor)}`;
      }
      expect(byCursor).toEqual(newest);
    }
  });

  it('requires sign-in', async () => {
    expect((await api('GET', '/subscriptions/videos')).statusCode).toBe(401);
  });
});
