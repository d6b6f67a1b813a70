import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import {
  createUser,
  createVideo,
  insertVideoRows,
  videoRow,
  type SignedIn,
} from './helpers/factories.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { call } from './helpers/staff.js';

/** Playlists and Watch later: who may see and change them, their order, what they hold. */
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let creator: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { prefix: 'listowner' });
  other = await createUser(t, { prefix: 'other' });
  creator = await createUser(t, { prefix: 'creator' });
});
afterAll(async () => {
  await t.close();
});

type Opts = { cookie?: string; payload?: unknown };
const api = (method: Method, url: string, opts: Opts = {}) => apiCall(t, method, url, opts);

async function createPlaylist(
  cookie: string,
  body: Record<string, unknown> = { title: 'Road trip', visibility: 'public' },
): Promise<string> {
  const res = await api('POST', '/playlists', { cookie, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

const add = (id: string, videoId: string, cookie: string) =>
  api('POST', `/playlists/${id}/videos`, { cookie, payload: { videoId } });

const titles = (videos: { title: string }[]) => videos.map((v) => v.title);

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

describe('what a playlist shows', () => {
  it('is 404 to others when private, opens by link when unlisted, and is listed when public', async () => {
    const video = await createVideo(t, creator, { title: 'Listed video' });
    const priv = await createPlaylist(owner.cookie, { title: 'Secret', visibility: 'private' });
    const unlisted = await createPlaylist(owner.cookie, {
      title: 'By link',
      visibility: 'unlisted',
    });
    const pub = await createPlaylist(owner.cookie, { title: 'Open', visibility: 'public' });
    for (const id of [priv, unlisted, pub]) {
      expect((await add(id, video, owner.cookie)).statusCode).toBe(200);
    }

    expect((await api('GET', `/playlists/${priv}`)).statusCode).toBe(404);
    expect((await api('GET', `/playlists/${priv}`, { cookie: other.cookie })).statusCode).toBe(404);
    const mine = await api('GET', `/playlists/${priv}`, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    for (const id of [unlisted, pub]) {
      const res = await api('GET', `/playlists/${id}`);
      expect(res.statusCode).toBe(200);
      expect(titles(res.json().data.videos)).toEqual(['Listed video']);
    }

    // The channel lists the public one to others, all three to the owner.
    const theirs = (await api('GET', `/playlists?owner=${owner.user._id}`)).json();
    expect(theirs.data.map((p: { _id: string }) => p._id)).toContain(pub);
    expect(theirs.data.map((p: { _id: string }) => p._id)).not.toContain(unlisted);
    expect(theirs.data.map((p: { _id: string }) => p._id)).not.toContain(priv);
    expect(theirs.data.every((p: { visibility: string }) => p.visibility === 'public')).toBe(true);
    const own = (await api('GET', '/playlists', { cookie: owner.cookie })).json();
    expect(own.data.map((p: { _id: string }) => p._id)).toEqual(
      expect.arrayContaining([priv, unlisted, pub]),
    );
    expect(own.totalPlaylists).toBe(own.data.length);
    const first = own.data.find((p: { _id: string }) => p._id === pub);
    expect(first).toMatchObject({ videosCount: 1, firstVideoId: video });
    expect(first.thumbnail).toMatch(/^\/media\//);

    // A visitor must say whose.
    const visitor = await api('GET', '/playlists');
    expect(visitor.statusCode).toBe(400);
  });

  it('leaves out private, processing and others’ videos per viewer, counts included, with the caches warm', async () => {
    const id = await createPlaylist(owner.cookie, { title: 'Mixed', visibility: 'public' });
    const open = await createVideo(t, creator, { title: 'Open video' });
    const unlisted = await createVideo(t, creator, {
      title: 'Unlisted video',
      visibility: 'unlisted',
    });
    const goingPrivate = await createVideo(t, creator, { title: 'Going private' });
    const ownPrivate = await createVideo(t, owner, {
      title: 'Owner private',
      visibility: 'private',
    });
    const processing = await createVideo(t, owner, {
      title: 'Still processing',
      visibility: 'private',
      pending_visibility: 'public',
      status: 'processing',
      playable: 0,
    });
    for (const v of [open, unlisted, goingPrivate, ownPrivate, processing]) {
      expect((await add(id, v, owner.cookie)).statusCode).toBe(200);
    }

    const read = async (cookie?: string) => {
      const res = await api('GET', `/playlists/${id}`, cookie ? { cookie } : {});
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    // Cards of every video are cached by the owner's read and the others'.
    const asOwner = await read(owner.cookie);
    expect(titles(asOwner.videos)).toEqual([
      'Open video',
      'Unlisted video',
      'Going private',
      'Owner private',
      'Still processing',
    ]);
    expect(asOwner.videos.map((v: { position: number }) => v.position)).toEqual([0, 1, 2, 3, 4]);
    expect(asOwner.videosCount).toBe(5);
    const asOther = await read(other.cookie);
    expect(titles(asOther.videos)).toEqual(['Open video', 'Unlisted video', 'Going private']);
    expect(asOther).toMatchObject({ videosCount: 3, totalVideos: 3 });
    expect((await read()).videosCount).toBe(3);

    // The creator makes one private: it leaves everyone's view at once, but theirs.
    const edit = await api('PATCH', `/videos/${goingPrivate}`, {
      cookie: creator.cookie,
      payload: { visibility: 'private' },
    });
    expect(edit.statusCode).toBe(200);
    const after = await read(other.cookie);
    expect(titles(after.videos)).toEqual(['Open video', 'Unlisted video']);
    expect(after.videosCount).toBe(2);
    expect(JSON.stringify(after)).not.toContain('Going private');
    expect(titles((await read(owner.cookie)).videos)).not.toContain('Going private');
    expect(titles((await read(creator.cookie)).videos)).toEqual([
      'Open video',
      'Unlisted video',
      'Going private',
    ]);
    const listed = (await api('GET', `/playlists?owner=${owner.user._id}`)).json().data;
    expect(listed.find((p: { _id: string }) => p._id === id).videosCount).toBe(2);

    // A video that cannot be seen cannot be added either; the owner may still take it out.
    const strangers = await createVideo(t, creator, { visibility: 'private' });
    expect((await add(id, strangers, owner.cookie)).statusCode).toBe(404);
    const out = await api('DELETE', `/playlists/${id}/videos/${goingPrivate}`, {
      cookie: owner.cookie,
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toMatchObject({ containsVideo: false, videosCount: 4 });
  });

  it('leaves out a video staff block, for all but its owner, with the caches warm, until unblocked', async () => {
    const admin = await createUser(t, { role: 'admin', prefix: 'listadmin' });
    const id = await createPlaylist(owner.cookie, {
      title: 'With a blocked one',
      visibility: 'public',
    });
    const kept = await createVideo(t, creator, { title: 'Kept video' });
    const blocked = await createVideo(t, creator, { title: 'Blocked video' });
    for (const v of [kept, blocked]) expect((await add(id, v, owner.cookie)).statusCode).toBe(200);
    const read = async (cookie?: string) => {
      const res = await api('GET', `/playlists/${id}`, cookie ? { cookie } : {});
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    // Warm: every viewer's cards are cached before the block.
    for (const cookie of [owner.cookie, other.cookie, undefined]) {
      expect(titles((await read(cookie)).videos)).toEqual(['Kept video', 'Blocked video']);
    }
    const res = await call(t, 'POST', `/admin/videos/${blocked}/block`, {
      cookie: admin.cookie,
      body: { reason: 'Not allowed here' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const cookie of [owner.cookie, other.cookie, undefined]) {
      const after = await read(cookie);
      expect(titles(after.videos)).toEqual(['Kept video']);
      expect(after.videosCount).toBe(1);
      expect(JSON.stringify(after)).not.toContain('Blocked video');
    }
    expect(titles((await read(creator.cookie)).videos)).toEqual(['Kept video', 'Blocked video']);
    // Nobody else can add it meanwhile.
    const later = await createPlaylist(other.cookie, { title: 'Later', visibility: 'private' });
    expect((await add(later, blocked, other.cookie)).statusCode).toBe(404);

    const lifted = await call(t, 'POST', `/admin/videos/${blocked}/unblock`, {
      cookie: admin.cookie,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(titles((await read(other.cookie)).videos)).toEqual(['Kept video', 'Blocked video']);
  });

  it('pages the videos and names the first visible one as the thumbnail', async () => {
    const id = await createPlaylist(owner.cookie, { title: 'Long', visibility: 'public' });
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(await createVideo(t, creator, { title: `Part ${i}` }));
      await add(id, made[i]!, owner.cookie);
    }
    const page2 = (await api('GET', `/playlists/${id}?limit=2&page=2`)).json().data;
    expect(titles(page2.videos)).toEqual(['Part 2', 'Part 3']);
    expect(page2.videos.map((v: { position: number }) => v.position)).toEqual([2, 3]);
    expect(page2).toMatchObject({ totalVideos: 5, totalPages: 3, currentPage: 2 });
    expect(page2.firstVideoId).toBe(made[0]);
    expect(page2.thumbnail).toEqual(expect.any(String));
  });

  it('goes with a deleted video, and with its owner’s deleted playlist', async () => {
    const id = await createPlaylist(owner.cookie);
    const doomed = await createVideo(t, owner, { title: 'Doomed' });
    await add(id, doomed, owner.cookie);
    expect(
      (await api('DELETE', `/videos/deletevid/${doomed}`, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    expect((await api('GET', `/playlists/${id}`)).json().data.videos).toEqual([]);
    await api('DELETE', `/playlists/${id}`, { cookie: owner.cookie });
    const items = await t.database.db
      .selectFrom('playlist_items')
      .select('video_id')
      .where('playlist_id', '=', id)
      .execute();
    expect(items).toEqual([]);
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
