import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish, uploadFields } from './helpers/media.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';
import { signedInUser } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * The reads beside a channel's own page that could still show a hidden account (suspended):
 * its playlists, its old name, a new subscription and its count, its comments in another
 * creator's studio, and its videos still being processed. Each is read once before (so a kept
 * answer would show through), then hidden, then back once the suspension is lifted.
 */
let t: TestApp;
let dist: string;
let owner: SignedIn;
let viewer: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  // A built web app's shell, so shared links get their page heads.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-dist-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Vidshare</title></head><body></body></html>',
  );
  t = await createTestApp({ webDistDir: dist });
  owner = await signedInUser(t.server, 'creator');
  viewer = await signedInUser(t.server, 'watcher');
  admin = await staffUser(t, 'admin');
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const suspend = async (who: SignedIn) =>
  expect(
    (
      await call(t, 'POST', `/admin/users/${who.user._id}/suspend`, {
        cookie: admin.cookie,
        body: { reason: 'Spam' },
      })
    ).statusCode,
  ).toBe(200);

const unsuspend = async (who: SignedIn) =>
  expect(
    (
      await call(t, 'POST', `/admin/users/${who.user._id}/unsuspend`, {
        cookie: admin.cookie,
        body: { reason: 'Appeal accepted' },
      })
    ).statusCode,
  ).toBe(200);

describe('a suspended account', () => {
  let suspect: SignedIn;
  let listId: string;
  let oldName: string;

  beforeAll(async () => {
    suspect = await signedInUser(t.server, 'hidden');
    const made = await call(t, 'POST', '/playlists', {
      cookie: suspect.cookie,
      body: { title: 'Suspect picks', visibility: 'public' },
    });
    expect(made.statusCode).toBe(201);
    listId = made.json().data._id;
    const videoId = await insertVideo(t, owner.user._id, { title: 'Picked video' });
    await call(t, 'POST', `/playlists/${listId}/videos`, {
      cookie: suspect.cookie,
      body: { videoId },
    });
    await call(t, 'POST', `/comments/createcomments/u/${videoId}`, {
      cookie: suspect.cookie,
      body: { content: 'Buy followers here' },
    });
    oldName = suspect.username;
    const renamed = await call(t, 'POST', '/users/me/username', {
      cookie: suspect.cookie,
      body: { username: `${oldName}x` },
    });
    expect(renamed.statusCode).toBe(200);
  });

  /** Everything this suite reads, as `cookie` sees it. */
  const reads = async (cookie?: string) => {
    const playlist = await call(t, 'GET', `/playlists/${listId}`, { cookie });
    const theirs = await call(t, 'GET', `/playlists?owner=${suspect.user._id}`, { cookie });
    const head = await t.server.inject({
      method: 'GET',
      url: `/playlist?list=${listId}`,
      headers: cookie ? { cookie } : {},
    });
    return {
      playlist: playlist.statusCode,
      playlistMessage: playlist.json().message as string,
      theirs: (theirs.json().data as { _id: string }[]).map((p) => p._id),
      theirsTotal: theirs.json().totalPlaylists as number,
      headNamesThem: head.body.includes(`@${oldName}x`),
    };
  };

  const dashboardComments = async () =>
    (
      (await call(t, 'GET', '/studio/dashboard', { cookie: owner.cookie })).json().data
        .latestComments as { content: string }[]
    ).map((c) => c.content);

  it('is hidden with its playlists, its old name and its comments in the studio', async () => {
    const before = await reads(viewer.cookie);
    expect(before).toMatchObject({ playlist: 200, theirs: [listId], theirsTotal: 1 });
    expect(before.headNamesThem).toBe(true);
    expect(await reads()).toMatchObject({ playlist: 200, theirs: [listId] });
    const moved = await call(t, 'GET', `/users/c/${oldName}`, { cookie: viewer.cookie });
    expect(moved.statusCode).toBe(308);
    expect(await dashboardComments()).toContain('Buy followers here');

    await suspend(suspect);

    for (const cookie of [undefined, viewer.cookie]) {
      expect(await reads(cookie)).toEqual({
        playlist: 404,
        playlistMessage: 'Playlist not found.',
        theirs: [],
        theirsTotal: 0,
        headNamesThem: false,
      });
    }
    // The old name says no more than the new one: neither leads anywhere.
    for (const name of [oldName, `${oldName}x`]) {
      const res = await call(t, 'GET', `/users/c/${name}`, { cookie: viewer.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Channel not found.');
      expect(res.body).not.toContain(`${oldName}x`);
    }
    // The creator whose video it commented on no longer sees the comment either.
    expect(await dashboardComments()).not.toContain('Buy followers here');
  });

  it('cannot be subscribed to, and its count is not told', async () => {
    const res = await call(t, 'POST', `/subscriptions/u/${suspect.user._id}`, {
      cookie: viewer.cookie,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Channel not found.');
    expect(res.json().data).toBeUndefined();
    const rows = await t.database.db
      .selectFrom('subscriptions')
      .select('subscriber_id')
      .where('channel_id', '=', suspect.user._id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('comes back everywhere when the suspension is lifted', async () => {
    await unsuspend(suspect);
    const after = await reads(viewer.cookie);
    expect(after).toMatchObject({ playlist: 200, theirs: [listId], theirsTotal: 1 });
    expect(after.headNamesThem).toBe(true);
    const moved = await call(t, 'GET', `/users/c/${oldName}`, { cookie: viewer.cookie });
    expect(moved.statusCode).toBe(308);
    expect(moved.json().data).toEqual({ username: `${oldName}x` });
    expect(await dashboardComments()).toContain('Buy followers here');
    const subscribed = await call(t, 'POST', `/subscriptions/u/${suspect.user._id}`, {
      cookie: viewer.cookie,
    });
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json().data).toEqual({ isSubscribed: true, subscribersCount: 1 });
  });
});

describe('a comment held for the creator’s approval', () => {
  it('waits in the studio’s held list, not among the dashboard’s latest comments', async () => {
    const videoId = await insertVideo(t, owner.user._id, { title: 'Held comments here' });
    const mode = await call(t, 'PATCH', `/videos/${videoId}`, {
      cookie: owner.cookie,
      body: { commentsMode: 'held' },
    });
    expect(mode.statusCode).toBe(200);
    const held = await call(t, 'POST', `/comments/createcomments/u/${videoId}`, {
      cookie: viewer.cookie,
      body: { content: 'Waiting for a yes' },
    });
    expect(held.json().data.held).toBe(true);
    const dashboard = await call(t, 'GET', '/studio/dashboard', { cookie: owner.cookie });
    const latest = dashboard.json().data.latestComments as { content: string }[];
    expect(latest.map((c) => c.content)).not.toContain('Waiting for a yes');
    const list = await call(t, 'GET', '/studio/comments/held', { cookie: owner.cookie });
    expect(JSON.stringify(list.json().data)).toContain('Waiting for a yes');
  });
});

describe('a video still being processed', () => {
  const upload = async (who: SignedIn, title: string) => {
    const res = await publish(t.server, who.cookie, await uploadFields({ title }));
    expect(res.statusCode).toBe(201);
    return res.json().data._id as string;
  };
  const read = async (id: string) => {
    const res = await call(t, 'GET', `/videos/vid-id/${id}`, { cookie: viewer.cookie });
    return { status: res.statusCode, message: res.json().message, reason: res.json().reason };
  };
  const plainNotFound = { status: 404, message: 'Video not found.', reason: undefined };

  it('is a plain not-found once staff block it, as it will be once it plays', async () => {
    const id = await upload(owner, 'Blocked before it plays');
    expect(await read(id)).toMatchObject({ status: 404, reason: 'processing' });
    const block = await call(t, 'POST', `/admin/videos/${id}/block`, {
      cookie: admin.cookie,
      body: { reason: 'Not allowed here' },
    });
    expect(block.statusCode).toBe(200);
    expect(await read(id)).toEqual(plainNotFound);
  });

  it('is a plain not-found while its owner is suspended', async () => {
    const uploader = await signedInUser(t.server, 'uploader');
    const id = await upload(uploader, 'Uploaded before the suspension');
    expect(await read(id)).toMatchObject({ status: 404, reason: 'processing' });
    await suspend(uploader);
    expect(await read(id)).toEqual(plainNotFound);
    await unsuspend(uploader);
    expect(await read(id)).toMatchObject({ status: 404, reason: 'processing' });
  });
});
