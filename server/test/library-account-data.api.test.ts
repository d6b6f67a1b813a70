import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDrift, rowsMentioning } from './helpers/account-traces.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { insertVideo } from './helpers/video-rows.js';
import { createPlaylist } from './helpers/factories.js';

// The library's rows (history, playlists and their videos, notifications, settings) in an
// account's copy of its data and in its deletion.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
const api = (method: Method, url: string, who?: Person, payload?: unknown) =>
  apiCall(t, method, url, { cookie: who?.cookie, payload });

async function ok(method: Method, url: string, who: Person, payload?: unknown) {
  const res = await api(method, url, who, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

const newPlaylist = (who: Person, title: string, videoIds: string[]) =>
  createPlaylist(t, who, { title, visibility: 'public', videoIds });

describe('the library in an account’s data', () => {
  it('exports the history with positions and the playlists, Watch later too, in order', async () => {
    const me = await signedInUser(t.server, 'libexport');
    const other = await signedInUser(t.server, 'libexported');
    const first = await insertVideo(t, other.user._id, { title: 'First watched' });
    const second = await insertVideo(t, other.user._id, { title: 'Second watched' });
    await ok('POST', `/videos/increaseviews/${first}`, me);
    await ok('POST', `/videos/increaseviews/${second}`, me);
    await ok('POST', `/videos/${second}/progress`, me, { position: 7 });
    const mix = await newPlaylist(me, 'My mix', [second, first]);
    await ok('PATCH', `/playlists/${mix}`, me, { description: 'Both of them' });
    await ok('POST', '/playlists/watch-later/videos', me, { videoId: first });
    // Someone else's playlist is theirs, not mine.
    await newPlaylist(other, 'Not mine', [first]);

    const res = await api('GET', '/users/me/export', me);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.history).toEqual([
      { videoId: first, watchedAt: expect.any(String), position: null },
      { videoId: second, watchedAt: expect.any(String), position: 7 },
    ]);
    expect(data.playlists).toHaveLength(2);
    expect(data.playlists).toEqual(
      expect.arrayContaining([
        {
          _id: mix,
          watchLater: false,
          title: 'My mix',
          description: 'Both of them',
          visibility: 'public',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          videos: [
            { videoId: second, addedAt: expect.any(String) },
            { videoId: first, addedAt: expect.any(String) },
          ],
        },
        expect.objectContaining({
          watchLater: true,
          title: 'Watch later',
          visibility: 'private',
          videos: [{ videoId: first, addedAt: expect.any(String) }],
        }),
      ]),
    );
  });

  it('deletes the history, playlists, notifications and settings, and its videos in other playlists', async () => {
    const leaver = await signedInUser(t.server, 'libleaver');
    const stayer = await signedInUser(t.server, 'libstayer');
    // The stayer follows the leaver's channel, whose new video reaches them by the read-time join.
    await ok('POST', `/subscriptions/u/${leaver.user._id}`, stayer);
    const own = (await publishVideo(t, leaver.cookie, { title: 'Leaver upload' }))._id;
    const theirs = await insertVideo(t, stayer.user._id, { title: 'Stayer video' });

    // The leaver's library: history with a position, a playlist, Watch later, settings.
    await ok('POST', `/videos/increaseviews/${theirs}`, leaver);
    await ok('POST', `/videos/${theirs}/progress`, leaver, { position: 3 });
    const mix = await newPlaylist(leaver, 'Leaver mix', [theirs, own]);
    await ok('POST', '/playlists/watch-later/videos', leaver, { videoId: theirs });
    await ok('PATCH', '/notifications/settings', leaver, { comment_reply: false });
    await ok('PUT', '/users/history/paused', leaver, { paused: true });
    // Comments both ways notify each owner; the leaver is the actor of the stayer's.
    const mine = await ok('POST', `/comments/createcomments/u/${theirs}`, leaver, {
      content: 'From the leaver',
    });
    await ok('POST', `/comments/createcomments/u/${own}`, stayer, { content: 'To the leaver' });
    // The stayer's playlist holds a video of each of them.
    const kept = await newPlaylist(stayer, 'Stayer mix', [own, theirs]);

    const before = await ok('GET', '/notifications', stayer);
    expect(before).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'new_video',
          video: expect.objectContaining({ _id: own }),
        }),
        expect.objectContaining({
          kind: 'video_comment',
          actor: expect.objectContaining({ _id: leaver.user._id }),
        }),
      ]),
    );
    const needles = [leaver.user._id, leaver.email, leaver.username, own, mix, mine._id];
    const tables = new Set(
      (await rowsMentioning(t.database, needles)).map((r) => r.slice(0, r.indexOf(':'))),
    );
    for (const table of [
      'watch_history',
      'watch_progress',
      'playlists',
      'playlist_items',
      'notifications',
      'library_settings',
      'video_publications',
    ]) {
      expect(tables, table).toContain(table);
    }

    const res = await api('DELETE', '/users/me', leaver, { password: leaver.password });
    expect(res.statusCode, res.body).toBe(200);

    expect(await rowsMentioning(t.database, needles)).toEqual([]);
    expect(await countDrift(t.database)).toEqual([]);
    expect((await api('GET', `/playlists/${mix}`, stayer)).statusCode).toBe(404);
    const list = await ok('GET', `/playlists/${kept}`, stayer);
    expect(list).toMatchObject({ videosCount: 1, totalVideos: 1 });
    expect(list.videos.map((v: { _id: string }) => v._id)).toEqual([theirs]);
    const box = (await api('GET', '/notifications', stayer)).json();
    expect(box.data).toEqual([]);
    expect(box.unread).toBe(0);
  });
});
