import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVideo } from './helpers/factories.js';
import { call } from './helpers/staff.js';
import type { TestApp } from './helpers/test-app.js';
import type { SignedIn } from './helpers/factories.js';
import { playlistCalls, playlistPeople, titles } from './helpers/playlist-calls.js';

/** What a playlist shows to whom: its own visibility, and its videos' (private, processing, blocked, deleted). */
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
