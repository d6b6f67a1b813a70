import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { multipart, signedInUser } from './helpers/fixtures.js';
import { apiCall } from './helpers/api-client.js';
import { insertVideo } from './helpers/video-rows.js';
import { newId } from '../src/lib/ids.js';

/**
 * Caption tracks: uploaded as SubRip or WebVTT, stored as sanitised WebVTT under the video's
 * media prefix, served as text/vtt under the video's access rule, managed by its owner only.
 */
let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInUser(t.server, 'alice');
  bob = await signedInUser(t.server, 'bob');
});
afterAll(async () => {
  await t.close();
});

/** A video laid out as uploads are: everything under `videos/{id}/{token}/`. */
async function prefixedVideo(overrides: Parameters<typeof insertVideo>[2] = {}) {
  const id = newId();
  const token = newId().slice(0, 16);
  const prefix = `videos/${id}/${token}/`;
  await insertVideo(t, alice.user._id, {
    id,
    media_token: token,
    video_key: `${prefix}video.mp4`,
    thumbnail_key: `${prefix}thumbnail-aaaaaaaaaaaa.webp`,
    ...overrides,
  });
  await t.blobs.putBuffer(`${prefix}video.mp4`, Buffer.from('not really a video'));
  return id;
}

const SRT = `1
00:00:01,000 --> 00:00:03,500
Hello <font color="red">there</font>

2
00:00:04,000 --> 00:00:06,000
<script>alert(1)</script><i>General Kenobi</i>
`;

function upload(
  videoId: string,
  fields: { language?: string; label?: string; file?: string | Buffer; filename?: string },
  cookie = alice.cookie,
) {
  const body = multipart({
    language: fields.language,
    label: fields.label,
    file:
      fields.file === undefined
        ? undefined
        : {
            filename: fields.filename ?? 'subs.srt',
            contentType: 'application/x-subrip',
            data: Buffer.isBuffer(fields.file) ? fields.file : Buffer.from(fields.file),
          },
  });
  return t.server.inject({
    method: 'POST',
    url: `/api/v1/videos/${videoId}/captions`,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

const media = (url: string, cookie?: string) =>
  t.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('captions', () => {
  it('stores an SRT upload as sanitised WebVTT under the video’s prefix, served as text/vtt', async () => {
    const id = await prefixedVideo();
    const res = await upload(id, { language: 'en', file: SRT });
    expect(res.statusCode).toBe(200);
    const [caption] = res.json().data;
    expect(caption).toMatchObject({ language: 'en', label: 'English' });
    expect(caption.url).toMatch(
      new RegExp(`^/media/videos/${id}/[0-9a-f]{16}/captions/en-[0-9a-f]{12}\\.vtt$`),
    );

    const file = await media(caption.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.body).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nHello there\n\n00:00:04.000 --> 00:00:06.000\nalert(1)<i>General Kenobi</i>\n',
    );
    const list = await apiCall(t, 'GET', `/videos/${id}/captions`);
    expect(list.json().data).toEqual([caption]);
  });

  it('keeps one track per language, replacing its file, with a label of the owner’s choice', async () => {
    const id = await prefixedVideo();
    const first = (await upload(id, { language: 'pt-br', file: SRT })).json().data[0];
    expect(first).toMatchObject({ language: 'pt-BR', label: 'Brazilian Portuguese' });
    const vtt = 'WEBVTT\n\n00:01.000 --> 00:02.000\nOlá\n';
    const second = await upload(id, {
      language: 'pt-BR',
      label: 'Português',
      file: vtt,
      filename: 'pt.vtt',
    });
    expect(second.statusCode).toBe(200);
    const tracks = second.json().data;
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({ language: 'pt-BR', label: 'Português' });
    expect(tracks[0].url).not.toBe(first.url);
    expect((await media(first.url)).statusCode).toBe(404);
    expect((await media(tracks[0].url)).body).toContain('Olá');
    await upload(id, { language: 'fr', file: SRT });
    const both = (await apiCall(t, 'GET', `/videos/${id}/captions`)).json().data;
    expect(both.map((c: { language: string }) => c.language)).toEqual(['fr', 'pt-BR']);
    // Only the files of live tracks remain.
    const files = (await listFiles(t.mediaDir)).filter(
      (f) => f.includes(`${id}/`) && f.includes('captions'),
    );
    expect(files).toHaveLength(2);
  });

  it('lets only the owner change them', async () => {
    const id = await prefixedVideo();
    expect((await upload(id, { language: 'en', file: SRT }, '')).statusCode).toBe(401);
    expect((await upload(id, { language: 'en', file: SRT }, bob.cookie)).statusCode).toBe(403);
    await upload(id, { language: 'en', file: SRT });
    const del = (cookie?: string) =>
      apiCall(t, 'DELETE', `/videos/${id}/captions/en`, cookie ? { cookie } : {});
    expect((await del()).statusCode).toBe(401);
    expect((await del(bob.cookie)).statusCode).toBe(403);
    const gone = await del(alice.cookie);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toEqual([]);
    expect((await del(alice.cookie)).statusCode).toBe(404);
    const files = (await listFiles(t.mediaDir)).filter(
      (f) => f.includes(`${id}/`) && f.includes('captions'),
    );
    expect(files).toEqual([]);
  });

  it('refuses what is not subtitles, too large a file, and a bad language', async () => {
    const id = await prefixedVideo();
    const notSubs = await upload(id, { language: 'en', file: 'just some words' });
    expect(notSubs.statusCode).toBe(400);
    expect(notSubs.json().errors).toEqual([
      { field: 'file', message: expect.stringContaining('No subtitles found') },
    ]);
    const huge = await upload(id, { language: 'en', file: Buffer.alloc(1024 * 1024 + 1, 'a') });
    expect(huge.statusCode).toBe(413);
    const badLanguage = await upload(id, { language: 'english please', file: SRT });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().errors[0].field).toBe('language');
    const noFile = await upload(id, { language: 'en' });
    expect(noFile.statusCode).toBe(400);
    expect((await apiCall(t, 'GET', `/videos/${id}/captions`)).json().data).toEqual([]);
    expect((await listFiles(t.dataDir)).filter((f) => f.startsWith('tmp/'))).toEqual([]);
  });

  it('follow the video’s access rule: a private video’s captions reach its owner only', async () => {
    const id = await prefixedVideo();
    const url = (await upload(id, { language: 'en', file: SRT })).json().data[0].url as string;
    const patch = (visibility: string) =>
      apiCall(t, 'PATCH', `/videos/${id}`, { cookie: alice.cookie, payload: { visibility } });
    await patch('private');
    // Going private moved every file to a new prefix, the captions with them.
    expect((await media(url)).statusCode).toBe(404);
    expect((await media(url, alice.cookie)).statusCode).toBe(404);
    expect((await apiCall(t, 'GET', `/videos/${id}/captions`)).statusCode).toBe(404);
    expect(
      (await apiCall(t, 'GET', `/videos/${id}/captions`, { cookie: bob.cookie })).statusCode,
    ).toBe(404);
    const own = await apiCall(t, 'GET', `/videos/${id}/captions`, { cookie: alice.cookie });
    const moved = own.json().data[0].url as string;
    expect(moved).not.toBe(url);
    expect((await media(moved)).statusCode).toBe(404);
    const owner = await media(moved, alice.cookie);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect(owner.body).toContain('General Kenobi');

    await patch('unlisted');
    // Unlisted videos play by link: their captions too.
    expect((await media(moved)).statusCode).toBe(200);
    expect((await apiCall(t, 'GET', `/videos/${id}/captions`)).statusCode).toBe(200);
  });

  it('keep an unplayable (processing) video’s captions from visitors', async () => {
    const id = await prefixedVideo({
      visibility: 'private',
      pending_visibility: 'public',
      status: 'processing',
      playable: 0,
    });
    const res = await upload(id, { language: 'en', file: SRT });
    expect(res.statusCode).toBe(200);
    const url = res.json().data[0].url as string;
    expect((await apiCall(t, 'GET', `/videos/${id}/captions`)).statusCode).toBe(404);
    expect((await media(url)).statusCode).toBe(404);
    expect((await media(url, alice.cookie)).statusCode).toBe(200);
  });

  it('go with their video when it is deleted', async () => {
    const id = await prefixedVideo();
    await upload(id, { language: 'en', file: SRT });
    await apiCall(t, 'DELETE', `/videos/deletevid/${id}`, { cookie: alice.cookie });
    expect((await listFiles(t.mediaDir)).filter((f) => f.includes(`${id}/`))).toEqual([]);
    const rows = await t.database.db
      .selectFrom('video_captions')
      .select('language')
      .where('video_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('are served from the app’s origin even when media have a CDN, so a <track> needs no CORS', async () => {
    const cdn = await createTestApp({
      publicUrl: 'https://videos.example',
      mediaBase: { public: 'https://cdn.example/media', app: 'https://videos.example/media' },
    });
    try {
      const owner = await signedInUser(cdn.server, 'cdn');
      const id = newId();
      const token = newId().slice(0, 16);
      await insertVideo(cdn, owner.user._id, {
        id,
        media_token: token,
        video_key: `videos/${id}/${token}/video.mp4`,
        thumbnail_key: `videos/${id}/${token}/thumbnail-aaaaaaaaaaaa.webp`,
      });
      const body = multipart({
        language: 'en',
        file: { filename: 'en.srt', contentType: 'application/x-subrip', data: Buffer.from(SRT) },
      });
      const res = await cdn.server.inject({
        method: 'POST',
        url: `/api/v1/videos/${id}/captions`,
        headers: { ...body.headers, cookie: owner.cookie },
        payload: body.payload,
      });
      expect(res.json().data[0].url).toMatch(
        new RegExp(`^https://videos\\.example/media/videos/${id}/${token}/captions/en-`),
      );
      const video = await cdn.server.inject({ method: 'GET', url: `/api/v1/videos/vid-id/${id}` });
      expect(video.json().data.videoFile).toMatch(/^https:\/\/cdn\.example\//);
    } finally {
      await cdn.close();
    }
  });
});
