import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { videoRow as factoryRow } from './helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Visibility = 'public' | 'private' | 'unlisted';

function videoRow(ownerId: string, visibility: Visibility, now: number) {
  return factoryRow(ownerId, { title: `A ${visibility} video`, visibility, created_at: now });
}

function channel(username: string, cookie?: string) {
  return t.server.inject({
    method: 'GET',
    url: `/api/v1/users/c/${encodeURIComponent(username)}`,
    headers: cookie ? { cookie } : {},
  });
}

describe('GET /users/c/{username}', () => {
  it('requires a signed-in viewer', async () => {
    const owner = await signedInUser(t.server, 'owner');
    const res = await channel(owner.username);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, statusCode: 401 });
  });

  it('answers 404 with a message for an unknown name', async () => {
    const viewer = await signedInUser(t.server);
    const res = await channel('no-such-channel', viewer.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Channel not found.');
  });

  it('answers the profile with real counts and the viewer’s subscription', async () => {
    const owner = await signedInUser(t.server, 'chan');
    const fan = await signedInUser(t.server, 'fan');
    const other = await signedInUser(t.server, 'other');
    const now = Date.now();
    await t.database.db
      .insertInto('subscriptions')
      .values([
        { subscriber_id: fan.user._id, channel_id: owner.user._id, created_at: now },
        { subscriber_id: other.user._id, channel_id: owner.user._id, created_at: now },
      ])
      .execute();
    const video = (visibility: Visibility) => videoRow(owner.user._id, visibility, now);
    await t.database.db
      .insertInto('videos')
      .values([video('public'), video('public'), video('private'), video('unlisted')])
      .execute();

    const asFan = await channel(owner.username.toUpperCase(), fan.cookie);
    expect(asFan.statusCode).toBe(200);
    expect(asFan.json().data).toEqual({
      _id: owner.user._id,
      username: owner.username,
      fullName: owner.fullName,
      avatar: expect.stringMatching(/^\/media\/images\/.+\.webp$/),
      coverImage: '',
      email: owner.email,
      createdAt: expect.any(String),
      subscribersCount: 2,
      videosCount: 2,
      isSubscribed: true,
      ownVideos: null,
      bio: '',
    });

    const asSelf = await channel(owner.username, owner.cookie);
    expect(asSelf.json().data.isSubscribed).toBe(false);
    expect(asSelf.json().data.ownVideos).toEqual({ total: 4, unlisted: 1, private: 1 });
    const session = await t.server.inject({
      method: 'GET',
      url: '/api/v1/users/check-session',
      headers: { cookie: owner.cookie },
    });
    expect(session.json().user.subscribersCount).toBe(2);
  });

  it('keeps every channel total right through uploads, visibility changes and deletion', async () => {
    const owner = await signedInUser(t.server, 'counted');
    const fan = await signedInUser(t.server, 'counter');
    const ids: string[] = [];
    const totals = async () => {
      const get = async (url: string, cookie: string) => {
        const res = await t.server.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode).toBe(200);
        return res.json();
      };
      const list = `/api/v1/videos/getallvideos?query=${owner.user._id}`;
      return {
        profile: (await get(`/api/v1/users/c/${owner.username}`, fan.cookie)).data.videosCount,
        channel: (await get(list, fan.cookie)).totalVideos,
        ownChannel: (await get(list, owner.cookie)).totalVideos,
        studio: (await get('/api/v1/studio/videos', owner.cookie)).totalVideos,
      };
    };
    const now = Date.now();
    for (const visibility of ['public', 'private', 'unlisted', 'public'] as const) {
      const row = videoRow(owner.user._id, visibility, now);
      ids.push(row.id);
      await t.database.db.insertInto('videos').values(row).execute();
    }
    expect(await totals()).toEqual({ profile: 2, channel: 2, ownChannel: 4, studio: 4 });
    const patch = (id: string, visibility: string) =>
      t.server.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${id}`,
        headers: { cookie: owner.cookie },
        payload: { visibility },
      });
    expect((await patch(ids[1]!, 'public')).statusCode).toBe(200);
    expect((await patch(ids[0]!, 'unlisted')).statusCode).toBe(200);
    expect((await patch(ids[2]!, 'private')).statusCode).toBe(200);
    expect(await totals()).toEqual({ profile: 2, channel: 2, ownChannel: 4, studio: 4 });
    expect((await patch(ids[0]!, 'public')).statusCode).toBe(200);
    expect(await totals()).toEqual({ profile: 3, channel: 3, ownChannel: 4, studio: 4 });
    const removed = await t.server.inject({
      method: 'DELETE',
      url: `/api/v1/videos/deletevid/${ids[3]}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(await totals()).toEqual({ profile: 2, channel: 2, ownChannel: 3, studio: 3 });
  });

  it('refuses subscribing to oneself at the database level', async () => {
    const u = await signedInUser(t.server);
    await expect(
      t.database.db
        .insertInto('subscriptions')
        .values({ subscriber_id: u.user._id, channel_id: u.user._id, created_at: Date.now() })
        .execute(),
    ).rejects.toThrow();
  });
});
