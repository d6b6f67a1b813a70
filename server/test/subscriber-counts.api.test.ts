import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { createVideo } from './helpers/factories.js';
import { apiCall } from './helpers/api-client.js';

/**
 * A channel's subscriber count is kept in the row of the channel (users.subscribers_count) by
 * the triggers its declaration generates: whatever changes the subscriptions, every page that
 * shows the count agrees with the subscriptions themselves.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof signedInUser>>;

const toggle = (who: Person, channel: Person) =>
  apiCall(t, 'POST', `/subscriptions/u/${channel.user._id}`, { cookie: who.cookie });

async function subscriptionRows(channelId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('subscriptions')
    .select('subscriber_id')
    .where('channel_id', '=', channelId)
    .execute();
  return rows.length;
}

/** The count as each page that shows it says it, read by `reader` (a subscriber). */
async function shownCounts(channel: Person, videoId: string, reader: Person) {
  const profile = await apiCall(t, 'GET', `/users/c/${channel.username}`, {
    cookie: reader.cookie,
  });
  const watch = await apiCall(t, 'GET', `/videos/vid-id/${videoId}`, { cookie: reader.cookie });
  const studio = await apiCall(t, 'GET', '/studio/dashboard', { cookie: channel.cookie });
  const list = await apiCall(t, 'GET', `/subscriptions/c/${reader.user._id}`, {
    cookie: reader.cookie,
  });
  const listed = (list.json().data as { channel: { _id: string }; subscriberCount: number }[]).find(
    (s) => s.channel._id === channel.user._id,
  );
  return {
    profile: profile.json().data.subscribersCount as number,
    watch: watch.json().data.subscribersCount as number,
    studio: studio.json().data.channel.subscribersCount as number,
    list: listed?.subscriberCount,
  };
}

describe('a channel’s subscriber count', () => {
  it('stays equal to its subscriptions through concurrent toggles, on every page', async () => {
    const channel = await signedInUser(t.server, 'counted');
    const videoId = await createVideo(t, channel);
    const fans = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signedInUser(t.server, `fan${i}`)),
    );

    const on = await Promise.all(fans.map((f) => toggle(f, channel)));
    expect(on.map((r) => r.statusCode)).toEqual(fans.map(() => 200));
    expect(on.every((r) => r.json().data.isSubscribed === true)).toBe(true);
    // Each toggle answers the count its own change left: 1 to 8, once each.
    expect(on.map((r) => r.json().data.subscribersCount as number).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    expect(await shownCounts(channel, videoId, fans[0]!)).toEqual({
      profile: 8,
      watch: 8,
      studio: 8,
      list: 8,
    });

    // Three leave while one of those who stay toggles twice at once: off and on again.
    const [stayer] = fans;
    await Promise.all([
      ...fans.slice(5).map((f) => toggle(f, channel)),
      toggle(stayer!, channel),
      toggle(stayer!, channel),
    ]);
    expect(await subscriptionRows(channel.user._id)).toBe(5);
    expect(await shownCounts(channel, videoId, stayer!)).toEqual({
      profile: 5,
      watch: 5,
      studio: 5,
      list: 5,
    });
  });

  it('loses a subscriber whose account is deleted, and gains nothing from their channel', async () => {
    const channel = await signedInUser(t.server, 'kept');
    const videoId = await createVideo(t, channel);
    const stays = await signedInUser(t.server, 'stays');
    const leaves = await signedInUser(t.server, 'leaves');
    await toggle(stays, channel);
    await toggle(leaves, channel);
    // The channel subscribes back: the leaver's own count goes with their row.
    await toggle(channel, leaves);

    const deleted = await apiCall(t, 'DELETE', '/users/me', {
      cookie: leaves.cookie,
      payload: { password: leaves.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await subscriptionRows(channel.user._id)).toBe(1);
    expect(await shownCounts(channel, videoId, stays)).toEqual({
      profile: 1,
      watch: 1,
      studio: 1,
      list: 1,
    });
    const list = await apiCall(t, 'GET', `/subscriptions/c/${channel.user._id}`, {
      cookie: channel.cookie,
    });
    expect(list.json().data).toEqual([]);
  });

  it('counts a channel’s public videos in a list of subscriptions, private ones left out', async () => {
    const channel = await signedInUser(t.server, 'lister');
    const reader = await signedInUser(t.server, 'reader');
    await createVideo(t, channel);
    await createVideo(t, channel);
    await createVideo(t, channel, { visibility: 'private' });
    await toggle(reader, channel);
    const list = await apiCall(t, 'GET', `/subscriptions/c/${reader.user._id}`, {
      cookie: reader.cookie,
    });
    expect(list.json().data).toMatchObject([
      { channel: { _id: channel.user._id }, subscriberCount: 1, videoCount: 2 },
    ]);
  });
});

describe('accounts that subscribe to each other', () => {
  it('can both be deleted at the same moment', async () => {
    for (let round = 0; round < 4; round += 1) {
      const [ann, bob] = await Promise.all([
        signedInUser(t.server, `ann${round}`),
        signedInUser(t.server, `bob${round}`),
      ]);
      await toggle(ann, bob);
      await toggle(bob, ann);
      const deleted = await Promise.all(
        [ann, bob].map((who) =>
          apiCall(t, 'DELETE', '/users/me', {
            cookie: who.cookie,
            payload: { password: who.password },
          }),
        ),
      );
      expect(deleted.map((r) => r.statusCode)).toEqual([200, 200]);
    }
  });
});
