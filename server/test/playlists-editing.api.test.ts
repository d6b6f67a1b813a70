import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@contract';
import { createVideo, insertVideoRows, videoRow } from './helpers/factories.js';
import type { TestApp } from './helpers/test-app.js';
import type { SignedIn } from './helpers/factories.js';
import { playlistCalls, playlistPeople, titles } from './helpers/playlist-calls.js';

/** Playlists: who may create and change them, and which videos they hold in what order. */
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let creator: SignedIn;
beforeAll(async () => {
  ({ t, owner, other, creator } = await playlistPeople());
});
afterAll(async () => {
  await t.close();
});

const { api, createPlaylist, add } = playlistCalls(() => t);

describe('creating and changing playlists', () => {
  it('creates one with the product’s limits: title 1–100, description optional up to 5000', async () => {
    const res = await api('POST', '/playlists', {
      cookie: owner.cookie,
      payload: { title: '  Favourites  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: 'playlist',
      title: 'Favourites',
      description: '',
      visibility: 'private',
      owner: { _id: owner.user._id, username: owner.username },
      videosCount: 0,
      thumbnail: null,
      firstVideoId: null,
    });

    const cases: [Record<string, unknown>, string][] = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(LIMITS.playlistTitleMax + 1) }, 'title'],
      [{ title: 'Ok', description: 'd'.repeat(LIMITS.playlistDescriptionMax + 1) }, 'description'],
      [{ title: 'Ok', visibility: 'friends' }, 'visibility'],
      [{ title: 'Line\u0000break' }, 'title'],
    ];
    for (const [payload, field] of cases) {
      const bad = await api('POST', '/playlists', { cookie: owner.cookie, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const longest = await api('POST', '/playlists', {
      cookie: owner.cookie,
      payload: {
        title: 't'.repeat(LIMITS.playlistTitleMax),
        description: 'd'.repeat(LIMITS.playlistDescriptionMax),
        visibility: 'unlisted',
      },
    });
    expect(longest.statusCode).toBe(201);
    expect((await api('POST', '/playlists', { payload: { title: 'x' } })).statusCode).toBe(401);
  });

  it('lets only the owner rename, describe, re-share or delete it', async () => {
    const id = await createPlaylist(owner.cookie);
    const renamed = await api('PATCH', `/playlists/${id}`, {
      cookie: owner.cookie,
      payload: { title: 'Summer', description: 'Songs', visibility: 'unlisted' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      title: 'Summer',
      description: 'Songs',
      visibility: 'unlisted',
    });
    expect(
      (await api('PATCH', `/playlists/${id}`, { cookie: owner.cookie, payload: {} })).statusCode,
    ).toBe(400);
    const foreign = await api('PATCH', `/playlists/${id}`, {
      cookie: other.cookie,
      payload: { title: 'Mine now' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await api('DELETE', `/playlists/${id}`, { cookie: other.cookie })).statusCode).toBe(
      403,
    );

    // A private one does not exist for anyone else: 404, not 403.
    await api('PATCH', `/playlists/${id}`, {
      cookie: owner.cookie,
      payload: { visibility: 'private' },
    });
    expect(
      (await api('PATCH', `/playlists/${id}`, { cookie: other.cookie, payload: { title: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await api('DELETE', `/playlists/${id}`, { cookie: other.cookie })).statusCode).toBe(
      404,
    );

    expect((await api('DELETE', `/playlists/${id}`, { cookie: owner.cookie })).statusCode).toBe(
      200,
    );
    expect((await api('GET', `/playlists/${id}`, { cookie: owner.cookie })).statusCode).toBe(404);
    expect((await api('GET', '/playlists/not-an-id')).statusCode).toBe(404);
  });
});

describe('the videos of a playlist', () => {
  it('adds once, at the end; only the owner adds, moves or removes', async () => {
    const id = await createPlaylist(owner.cookie);
    const a = await createVideo(t, creator, { title: 'A' });
    const b = await createVideo(t, creator, { title: 'B' });
    const first = await add(id, a, owner.cookie);
    expect(first.json().data).toEqual({
      playlistId: id,
      videoId: a,
      containsVideo: true,
      videosCount: 1,
    });
    // Again: nothing changes.
    expect((await add(id, a, owner.cookie)).json().data.videosCount).toBe(1);
    await add(id, b, owner.cookie);
    expect(titles((await api('GET', `/playlists/${id}`)).json().data.videos)).toEqual(['A', 'B']);

    expect((await add(id, a, other.cookie)).statusCode).toBe(403);
    expect(
      (
        await api('PATCH', `/playlists/${id}/videos/${a}`, {
          cookie: other.cookie,
          payload: { position: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await api('DELETE', `/playlists/${id}/videos/${a}`, { cookie: other.cookie })).statusCode,
    ).toBe(403);
    expect((await add(id, 'not-a-video', owner.cookie)).statusCode).toBe(404);
    expect((await add('0123456789abcdef01234567', a, owner.cookie)).statusCode).toBe(404);
    expect(
      (await api('POST', `/playlists/${id}/videos`, { cookie: owner.cookie, payload: {} }))
        .statusCode,
    ).toBe(400);
  });

  it('moves a video to a 0-based place, clamped to the end', async () => {
    const id = await createPlaylist(owner.cookie);
    const v: Record<string, string> = {};
    for (const name of ['A', 'B', 'C', 'D']) {
      v[name] = await createVideo(t, creator, { title: name });
      await add(id, v[name]!, owner.cookie);
    }
    const move = (name: string, position: unknown) =>
      api('PATCH', `/playlists/${id}/videos/${v[name]}`, {
        cookie: owner.cookie,
        payload: { position },
      });
    const order = async () => titles((await api('GET', `/playlists/${id}`)).json().data.videos);

    expect((await move('D', 0)).json().data).toEqual({ videoId: v.D, position: 0 });
    expect(await order()).toEqual(['D', 'A', 'B', 'C']);
    await move('D', 2);
    expect(await order()).toEqual(['A', 'B', 'D', 'C']);
    expect((await move('A', 99)).json().data.position).toBe(3);
    expect(await order()).toEqual(['B', 'D', 'C', 'A']);
    await move('C', 1);
    expect(await order()).toEqual(['B', 'C', 'D', 'A']);

    for (const bad of [-1, 1.5, 'first']) {
      const res = await move('A', bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors[0].field).toBe('position');
    }
    const absent = await createVideo(t, creator);
    const missing = await api('PATCH', `/playlists/${id}/videos/${absent}`, {
      cookie: owner.cookie,
      payload: { position: 0 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps its order through many moves into one gap (the keys are renumbered)', async () => {
    const id = await createPlaylist(owner.cookie);
    const names = ['A', 'B', 'C', 'D'];
    const v: Record<string, string> = {};
    for (const name of names) {
      v[name] = await createVideo(t, creator, { title: name });
      await add(id, v[name]!, owner.cookie);
    }
    // Alternately moving the last two into place 1 halves the same gap every time.
    const expected = [...names];
    for (let i = 0; i < 30; i += 1) {
      const name = expected[3]!;
      const res = await api('PATCH', `/playlists/${id}/videos/${v[name]}`, {
        cookie: owner.cookie,
        payload: { position: 1 },
      });
      expect(res.statusCode).toBe(200);
      expected.splice(3, 1);
      expected.splice(1, 0, name);
    }
    expect(titles((await api('GET', `/playlists/${id}`)).json().data.videos)).toEqual(expected);
  });

  it('holds at most the product’s number of videos', async () => {
    const id = await createPlaylist(owner.cookie);
    // Fill it directly (with distinct videos, as additions would), then one more is refused.
    const max = LIMITS.playlistVideosMax;
    const stamp = Date.now();
    for (let start = 0; start < max; start += 250) {
      const ids = Array.from(
        { length: Math.min(250, max - start) },
        (_, i) => `${'f'.repeat(8)}${(start + i).toString(16).padStart(16, '0')}`,
      );
      await insertVideoRows(
        t,
        ids.map((vid) => videoRow(creator, { id: vid, title: 'Filler', created_at: stamp })),
      );
      await t.database.db
        .insertInto('playlist_items')
        .values(
          ids.map((vid, i) => ({
            playlist_id: id,
            video_id: vid,
            position: (start + i + 1) * 1024,
            added_at: stamp,
          })),
        )
        .execute();
    }
    const one = await createVideo(t, creator);
    const full = await add(id, one, owner.cookie);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(/at most 5000/);
    expect((await api('GET', `/playlists/${id}?limit=1`)).json().data.videosCount).toBe(max);
  });

  it('counts concurrent additions one after another', async () => {
    const id = await createPlaylist(owner.cookie);
    const videos = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createVideo(t, creator, { title: `C${i}` })),
    );
    const results = await Promise.all(videos.map((v) => add(id, v, owner.cookie)));
    expect(results.map((r) => r.statusCode)).toEqual(videos.map(() => 200));
    const page = (await api('GET', `/playlists/${id}`)).json().data;
    expect(page.videosCount).toBe(8);
    const rows = await t.database.db
      .selectFrom('playlist_items')
      .select('position')
      .where('playlist_id', '=', id)
      .execute();
    expect(new Set(rows.map((r) => Number(r.position))).size).toBe(8);
  });
});
