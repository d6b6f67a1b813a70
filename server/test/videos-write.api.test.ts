import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@contract';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { multipart, pngImage, signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';
import { insertVideo } from './helpers/video-rows.js';
import { manualClock } from './helpers/clock.js';
import { newId } from '../src/lib/ids.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
// Rows written one after another get later times only when the test says so.
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  owner = await signedInUser(t.server, 'owner');
  other = await signedInUser(t.server, 'other');
});
afterAll(async () => {
  await t.close();
});

const api = (
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  opts: { cookie?: string; ip?: string; payload?: unknown; headers?: Record<string, string> } = {},
) =>
  t.server.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: opts.ip,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    ...(opts.payload !== undefined ? { payload: opts.payload as string } : {}),
  });

describe('POST /videos/increaseviews/{id}', () => {
  it('counts a viewer once per hour, even for concurrent requests', async () => {
    const id = await insertVideo(t, owner.user._id);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        api('POST', `/videos/increaseviews/${id}`, { ip: '10.0.0.1' }),
      ),
    );
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    expect(burst.filter((r) => r.json().data.counted)).toHaveLength(1);
    const again = await api('POST', `/videos/increaseviews/${id}`, { ip: '10.0.0.1' });
    expect(again.json()).toMatchObject({ success: true, data: { views: 1, counted: false } });

    const second = await api('POST', `/videos/increaseviews/${id}`, { ip: '10.0.0.2' });
    expect(second.json().data).toEqual({ views: 2, counted: true });
    const signedIn = await Promise.all(
      Array.from({ length: 4 }, () =>
        api('POST', `/videos/increaseviews/${id}`, { cookie: other.cookie, ip: '10.0.0.1' }),
      ),
    );
    expect(signedIn.filter((r) => r.json().data.counted)).toHaveLength(1);

    const rows = await t.database.db
      .selectFrom('video_views')
      .selectAll()
      .where('video_id', '=', id)
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.viewer_id === other.user._id)).toHaveLength(1);
    const video = (await api('GET', `/videos/vid-id/${id}`)).json().data;
    expect(video.views).toBe(3);
  });

  it('counts the same viewer again once the hour has passed', async () => {
    const id = await insertVideo(t, owner.user._id);
    await api('POST', `/videos/increaseviews/${id}`, { ip: '10.0.0.9' });
    // Age the guard by an hour instead of waiting one.
    await t.database.db
      .updateTable('video_view_guards')
      .set((eb) => ({ counted_at: eb('counted_at', '-', 3_600_000) }))
      .where('video_id', '=', id)
      .execute();
    const res = await api('POST', `/videos/increaseviews/${id}`, { ip: '10.0.0.9' });
    expect(res.json().data).toEqual({ views: 2, counted: true });
    // Housekeeping drops guards whose hour is over, and only those.
    await t.database.db
      .updateTable('video_view_guards')
      .set((eb) => ({ counted_at: eb('counted_at', '-', 3_600_000) }))
      .where('video_id', '=', id)
      .execute();
    await t.app.services.videos.prune();
    const guards = await t.database.db
      .selectFrom('video_view_guards')
      .select('video_id')
      .where('video_id', '=', id)
      .execute();
    expect(guards).toEqual([]);
  });

  it('records watch history for a signed-in viewer, every time', async () => {
    const id = await insertVideo(t, owner.user._id);
    await api('POST', `/videos/increaseviews/${id}`, { cookie: other.cookie });
    const first = await t.database.db
      .selectFrom('watch_history')
      .selectAll()
      .where('user_id', '=', other.user._id)
      .where('video_id', '=', id)
      .executeTakeFirstOrThrow();
    clock.advance(60_000);
    await api('POST', `/videos/increaseviews/${id}`, { cookie: other.cookie });
    const rows = await t.database.db
      .selectFrom('watch_history')
      .selectAll()
      .where('user_id', '=', other.user._id)
      .where('video_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.watched_at)).toBeGreaterThan(Number(first.watched_at));
  });

  it('answers 404 for unknown, malformed and private-to-someone-else videos', async () => {
    const priv = await insertVideo(t, owner.user._id, { visibility: 'private' });
    expect((await api('POST', `/videos/increaseviews/${newId()}`)).statusCode).toBe(404);
    expect((await api('POST', '/videos/increaseviews/xyz')).statusCode).toBe(404);
    expect(
      (await api('POST', `/videos/increaseviews/${priv}`, { cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', `/videos/increaseviews/${priv}`, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
  });
});

describe('DELETE /videos/deletevid/{id}', () => {
  it('lets only the owner delete, and removes the row, dependent rows and files', async () => {
    const v = await publishVideo(t, owner.cookie);
    await api('POST', `/videos/increaseviews/${v._id}`, { cookie: other.cookie });
    await t.database.db
      .insertInto('likes')
      .values({
        user_id: other.user._id,
        target_type: 'Video',
        target_id: v._id,
        kind: 'like',
        created_at: Date.now(),
      })
      .execute();
    const files = await listFiles(t.mediaDir);
    const videoKey = v.videoFile.replace('/media/', '');
    const thumbKey = v.thumbnail.replace('/media/', '');
    expect(files).toEqual(expect.arrayContaining([videoKey, thumbKey]));

    expect((await api('DELETE', `/videos/deletevid/${v._id}`)).statusCode).toBe(401);
    const stranger = await api('DELETE', `/videos/deletevid/${v._id}`, { cookie: other.cookie });
    expect(stranger.statusCode).toBe(403);
    expect(
      (await api('DELETE', `/videos/deletevid/${newId()}`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);

    const res = await api('DELETE', `/videos/deletevid/${v._id}`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { _id: v._id } });
    expect((await api('GET', `/videos/vid-id/${v._id}`)).statusCode).toBe(404);
    const left = await listFiles(t.mediaDir);
    expect(left).not.toContain(videoKey);
    expect(left).not.toContain(thumbKey);
    const db = t.database.db;
    for (const table of ['video_views', 'video_view_guards', 'watch_history'] as const) {
      const rows = await db
        .selectFrom(table)
        .select('video_id')
        .where('video_id', '=', v._id)
        .execute();
      expect(rows).toEqual([]);
    }
    expect(
      await db.selectFrom('likes').selectAll().where('target_id', '=', v._id).execute(),
    ).toEqual([]);
  });
});

describe('PATCH /videos/{id}', () => {
  it('updates fields from JSON under the upload rules, owner only', async () => {
    const id = await insertVideo(t, owner.user._id, { title: 'Before' + ' title' });
    const payload = { title: '  After title  ', hashtag: '#after', visibility: 'unlisted' };
    expect((await api('PATCH', `/videos/${id}`, { payload })).statusCode).toBe(401);
    expect(
      (await api('PATCH', `/videos/${id}`, { cookie: other.cookie, payload })).statusCode,
    ).toBe(403);
    const res = await api('PATCH', `/videos/${id}`, { cookie: owner.cookie, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: id,
      title: 'After title',
      hashtag: '#after',
      visibility: 'unlisted',
      isPublished: false,
      description: 'A description',
    });

    const bad = await api('PATCH', `/videos/${id}`, {
      cookie: owner.cookie,
      payload: { title: 'ab', description: 'x', hashtag: ' ', visibility: 'secret' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: MESSAGES.titleMin },
        { field: 'description', message: MESSAGES.descriptionMin },
        { field: 'hashtag', message: MESSAGES.hashtagRequired },
        { field: 'visibility', message: MESSAGES.visibilityRequired },
      ]),
    );
    const published = await api('PATCH', `/videos/${id}`, {
      cookie: owner.cookie,
      payload: { isPublished: 'true' },
    });
    expect(published.json().data).toMatchObject({ visibility: 'public', isPublished: true });
    expect(
      (await api('PATCH', `/videos/${newId()}`, { cookie: owner.cookie, payload })).statusCode,
    ).toBe(404);
  });

  it('replaces the thumbnail from multipart under a new key and deletes the old file', async () => {
    const v = await publishVideo(t, owner.cookie);
    const oldKey = v.thumbnail.replace('/media/', '');
    const body = multipart({ title: 'Fresh thumbnail', thumbnail: await pngImage(120, 80) });
    const res = await api('PATCH', `/videos/${v._id}`, {
      cookie: owner.cookie,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data;
    expect(updated.title).toBe('Fresh thumbnail');
    expect(updated.thumbnail).not.toBe(v.thumbnail);
    const files = await listFiles(t.mediaDir);
    expect(files).toContain(updated.thumbnail.replace('/media/', ''));
    expect(files).not.toContain(oldKey);
    expect(await listFiles(path.join(t.dataDir, 'tmp'))).toEqual([]);

    const notImage = multipart({
      thumbnail: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('nope') },
    });
    const refused = await api('PATCH', `/videos/${v._id}`, {
      cookie: owner.cookie,
      payload: notImage.payload,
      headers: notImage.headers,
    });
    expect(refused.statusCode).toBe(415);
    expect(await listFiles(t.mediaDir)).toEqual(files);
  });
});

describe('downloads and media serving', () => {
  it('downloads the file as an attachment named video-{id}.mp4, under the visibility rules', async () => {
    const v = await publishVideo(t, owner.cookie);
    const res = await api('GET', `/videos/${v._id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="video-${v._id}.mp4"`);
    expect(res.headers['content-type']).toBe('video/mp4');
    // The faststart copy: its index (moov) comes before the media data (mdat).
    const bytes = res.rawPayload;
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const priv = await publishVideo(t, owner.cookie, { isPublished: 'false' });
    expect(
      (await api('GET', `/videos/${priv._id}/download`, { cookie: other.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await api('GET', `/videos/${priv._id}/download`, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    expect((await api('GET', `/videos/${newId()}/download`)).statusCode).toBe(404);
  });

  it('serves the stored video with its type, Range support and an immutable cache', async () => {
    const v = await publishVideo(t, owner.cookie);
    const bytes = (await api('GET', `/videos/${v._id}/download`)).rawPayload;
    const full = await t.server.inject({ method: 'GET', url: v.videoFile });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['cache-control']).toContain('immutable');
    expect(full.headers['accept-ranges']).toBe('bytes');

    const part = await t.server.inject({
      method: 'GET',
      url: v.videoFile,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

    const bad = await t.server.inject({
      method: 'GET',
      url: v.videoFile,
      headers: { range: `bytes=${bytes.length + 10}-` },
    });
    expect(bad.statusCode).toBe(416);
  });

  it('resumes a broken download from where it stopped, for whoever may download it', async () => {
    const v = await publishVideo(t, owner.cookie, { isPublished: 'false' });
    const url = `/api/v1/videos/${v._id}/download`;
    const get = (headers: Record<string, string>) =>
      t.server.inject({ method: 'GET', url, headers: { cookie: owner.cookie, ...headers } });
    const whole = await get({});
    const bytes = whole.rawPayload;
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);

    // The rest after the first 1,000 bytes, as a browser or `curl -C -` asks for it.
    const rest = await get({ range: 'bytes=1000-', 'if-range': etag });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 1000-${bytes.length - 1}/${bytes.length}`);
    expect(rest.headers['content-disposition']).toBe(`attachment; filename="video-${v._id}.mp4"`);
    expect(rest.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.concat([bytes.subarray(0, 1000), rest.rawPayload]).equals(bytes)).toBe(true);

    // Another version than the one begun: the whole file again, not a piece of the new one.
    const changed = await get({ range: 'bytes=1000-', 'if-range': '"other-version"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(bytes)).toBe(true);
    expect((await get({ range: `bytes=${bytes.length}-` })).statusCode).toBe(416);
    const head = await t.server.inject({ method: 'HEAD', url, headers: { cookie: owner.cookie } });
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.headers['accept-ranges']).toBe('bytes');

    // The range is never a way around the visibility rules.
    const stranger = await t.server.inject({
      method: 'GET',
      url,
      headers: { cookie: other.cookie, range: 'bytes=0-9' },
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['content-range']).toBeUndefined();
  });
});
