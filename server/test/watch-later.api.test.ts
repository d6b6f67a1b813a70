import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVideo } from './helpers/factories.js';
import type { TestApp } from './helpers/test-app.js';
import type { SignedIn } from './helpers/factories.js';
import { playlistCalls, playlistPeople, titles } from './helpers/playlist-calls.js';

/** Watch later, each user's built-in private playlist, and the Save menu listing a user's playlists for a video. */
let t: TestApp;
let other: SignedIn;
let creator: SignedIn;
beforeAll(async () => {
  ({ t, other, creator } = await playlistPeople());
});
afterAll(async () => {
  await t.close();
});

const { api, createPlaylist, add } = playlistCalls(() => t);

describe('Watch later', () => {
  it('is a built-in private playlist of each user, made by its first video', async () => {
    const someone = await createUser(t, { prefix: 'later' });
    const empty = await api('GET', '/playlists/watch-later', { cookie: someone.cookie });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({
      _id: 'watch-later',
      kind: 'watch_later',
      title: 'Watch later',
      visibility: 'private',
      videos: [],
      videosCount: 0,
      owner: { _id: someone.user._id },
    });
    expect((await api('GET', '/playlists/watch-later')).statusCode).toBe(401);

    const video = await createVideo(t, creator, { title: 'For tonight' });
    const saved = await add('watch-later', video, someone.cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ playlistId: 'watch-later', videosCount: 1 });
    // Each user has their own.
    expect(
      (await api('GET', '/playlists/watch-later', { cookie: other.cookie })).json().data.videos,
    ).toEqual([]);
    const later = (await api('GET', '/playlists/watch-later', { cookie: someone.cookie })).json();
    expect(titles(later.data.videos)).toEqual(['For tonight']);

    // Its row is private: nobody else reaches it by its real id.
    const row = await t.database.db
      .selectFrom('playlists')
      .select('id')
      .where('owner_id', '=', someone.user._id)
      .where('kind', '=', 'watch_later')
      .executeTakeFirstOrThrow();
    expect((await api('GET', `/playlists/${row.id}`, { cookie: other.cookie })).statusCode).toBe(
      404,
    );
    expect(
      (await api('GET', `/playlists/${row.id}`, { cookie: someone.cookie })).json().data._id,
    ).toBe('watch-later');
    // It is not listed with the playlists, and cannot be renamed or deleted.
    const listed = (await api('GET', '/playlists', { cookie: someone.cookie })).json().data;
    expect(listed).toEqual([]);
    const rename = await api('PATCH', '/playlists/watch-later', {
      cookie: someone.cookie,
      payload: { title: 'Later' },
    });
    expect(rename.statusCode).toBe(400);
    expect(
      (await api('DELETE', '/playlists/watch-later', { cookie: someone.cookie })).statusCode,
    ).toBe(400);
    // Taken out again.
    const out = await api('DELETE', `/playlists/watch-later/videos/${video}`, {
      cookie: someone.cookie,
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await api('DELETE', `/playlists/watch-later/videos/${video}`, { cookie: other.cookie }))
        .statusCode,
    ).toBe(404);
  });

  it('is made once however many first saves race', async () => {
    const someone = await createUser(t, { prefix: 'race' });
    const videos = await Promise.all(Array.from({ length: 6 }, () => createVideo(t, creator)));
    const results = await Promise.all(videos.map((v) => add('watch-later', v, someone.cookie)));
    expect(results.map((r) => r.statusCode)).toEqual(videos.map(() => 200));
    const rows = await t.database.db
      .selectFrom('playlists')
      .select('id')
      .where('owner_id', '=', someone.user._id)
      .execute();
    expect(rows).toHaveLength(1);
    const later = (await api('GET', '/playlists/watch-later', { cookie: someone.cookie })).json();
    expect(later.data.videosCount).toBe(6);
  });
});

describe('the Save menu', () => {
  it('lists the caller’s playlists, Watch later first, with whether each holds the video', async () => {
    const someone = await createUser(t, { prefix: 'saver' });
    const video = await createVideo(t, creator);
    const before = await api('GET', `/playlists/for-video/${video}`, { cookie: someone.cookie });
    expect(before.json().data).toEqual([
      {
        _id: 'watch-later',
        kind: 'watch_later',
        title: 'Watch later',
        visibility: 'private',
        containsVideo: false,
      },
    ]);
    const older = await createPlaylist(someone.cookie, { title: 'Older' });
    const newer = await createPlaylist(someone.cookie, { title: 'Newer', visibility: 'unlisted' });
    await add(older, video, someone.cookie);
    await add('watch-later', video, someone.cookie);
    const after = (await api('GET', `/playlists/for-video/${video}`, { cookie: someone.cookie }))
      .json()
      .data.map((c: { _id: string; containsVideo: boolean }) => [c._id, c.containsVideo]);
    expect(after).toEqual([
      ['watch-later', true],
      [newer, false],
      [older, true],
    ]);
    const hidden = await createVideo(t, creator, { visibility: 'private' });
    expect(
      (await api('GET', `/playlists/for-video/${hidden}`, { cookie: someone.cookie })).statusCode,
    ).toBe(404);
    expect((await api('GET', `/playlists/for-video/${video}`)).statusCode).toBe(401);
  });
});
